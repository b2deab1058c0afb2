# -*- Python -*-
# lit configuration for Ferric's regression and integration tests.

import json
import os
import shutil
import subprocess

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "FERRIC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ferric_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "downstream"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", ".so"))
config.substitutions.append(("%ferric_lib", config.ferric_lib_dir))
config.substitutions.append(("%ferric_src", config.ferric_src_root))
config.substitutions.append(("%llvm_lib", config.llvm_lib_dir))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%mlir_dir", config.mlir_dir))
config.substitutions.append(("%ferric_obj", config.ferric_obj_root))
config.substitutions.append(("%host_cxx", config.host_cxx))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                     "XDG_CACHE_HOME", "CUDA_HOME"])
llvm_config.use_default_substitutions()

tool_dirs = [config.ferric_tools_dir, config.llvm_tools_dir]
tools = [
    "ferric-opt",
    "ferric-translate",
    ToolSubst("mlir-opt", unresolved="ignore"),
    ToolSubst("mlir-runner", unresolved="ignore"),
    ToolSubst("ferric-run", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# Features for optional tools and hardware.
ptxas = os.path.join(config.cuda_home, "bin", "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
    config.environment["CUDA_HOME"] = config.cuda_home
if shutil.which("spirv-val"):
    config.available_features.add("spirv-tools")


def _vulkan_available():
    if not shutil.which("vulkaninfo"):
        return False
    try:
        out = subprocess.run(["vulkaninfo", "--summary"], capture_output=True,
                             text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and "deviceName" in out.stdout


if _vulkan_available():
    config.available_features.add("vulkan")

# WebGPU: node, Dawn (npm `webgpu` in runtime/webgpu, installed by
# scripts/setup-webgpu.sh) and an adapter (SwiftShader here, the runtime's
# choice when the Vulkan loader is not told otherwise).
llvm_config.with_system_environment(["VK_ICD_FILENAMES", "VK_DRIVER_FILES",
                                     "FERRIC_WEBGPU_DIR", "FERRIC_WEBGPU_NODE",
                                     "FERRIC_WEBGPU_SWIFTSHADER_ICD",
                                     "XDG_RUNTIME_DIR"])
webgpu_dir = os.path.join(config.ferric_src_root, "runtime", "webgpu")
config.substitutions.append(("%webgpu_runner",
                             os.path.join(webgpu_dir, "ferric-webgpu.mjs")))
config.substitutions.append(("%ferric_tools", config.ferric_tools_dir))
# One function through WGSL on WebGPU against the CPU (Integration/webgpu).
config.substitutions.append((
    "%webgpu_check",
    "/usr/bin/python3 %s %s %s" % (
        os.path.join(config.ferric_src_root, "test", "Integration", "Inputs",
                     "webgpu_check.py"),
        config.ferric_tools_dir, os.path.join(webgpu_dir, "ferric-webgpu.mjs"))))


def _webgpu_adapter_info():
    """The adapter as ferric-webgpu.mjs --probe describes it (a dict), or None
    when WebGPU cannot run here."""
    node = shutil.which("node")
    if not node or not os.path.exists(
            os.path.join(webgpu_dir, "node_modules", "webgpu")):
        return None
    # ferric-webgpu.mjs picks SwiftShader itself when the Vulkan loader is
    # not told otherwise: the Vulkan tests keep their own driver.
    env = dict(os.environ)
    try:
        out = subprocess.run([node, os.path.join(webgpu_dir,
                                                 "ferric-webgpu.mjs"),
                              "--probe"], capture_output=True, text=True,
                             timeout=120, env=env)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    try:
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {}


_webgpu_adapter = _webgpu_adapter_info()
if _webgpu_adapter is not None:
    config.available_features.add("webgpu")
    # f16 in WGSL (`enable f16;`) needs the adapter's shader-f16 feature
    # (none on SwiftShader, nor on the H100's Dawn adapter over NVIDIA's
    # Vulkan driver 580 as of 2026-12-07).
    if "shader-f16" in _webgpu_adapter.get("features", []):
        config.available_features.add("webgpu-f16")
    # examples/web in headless Chromium (its own WebGPU on SwiftShader),
    # driven by playwright-core.
    if os.path.exists("/usr/bin/chromium") and os.path.exists(os.path.join(
            config.ferric_src_root, "examples", "web", "node_modules",
            "playwright-core")):
        config.available_features.add("chromium-webgpu")


def _cuda_available():
    for d in ["/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/local/nvidia/lib64",
              "/usr/lib/wsl/lib"]:
        if os.path.exists(os.path.join(d, "libcuda.so.1")):
            return True
    return False


# An ASan build reserves terabytes of address space for its shadow memory:
# tests that limit the address space (ulimit -v) cannot run under it.
if lit.util.pythonize_bool(getattr(config, "ferric_sanitizers", "OFF")):
    config.available_features.add("asan")


if _cuda_available():
    config.available_features.add("cuda")
# The CUDA runtime's host side against a driver implemented on the host
# (runtime/cuda/test/FakeCudaDriver.cpp): kernels do not run, results are
# zeros. Compiling for CUDA needs the toolkit (ptxas, libdevice).
fake_cuda = os.path.join(config.ferric_lib_dir, "libferric_fake_cuda.so")
if os.path.exists(fake_cuda) and "ptxas" in config.available_features:
    config.available_features.add("fake-cuda")
    config.substitutions.append(("%fake_cuda_driver", fake_cuda))
if os.path.exists(os.path.join(config.ferric_lib_dir, "FerricPlugin.so")):
    config.available_features.add("plugin")
