// Every bad pipeline option value is one error line and exit 1 (these used to
// abort with exit 134, end in "Cannot select", crash, or pass silently).

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="chip=sm_90}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: error: ferric-lower-to-nvvm: chip='sm_90}' is not an NVPTX processor LLVM knows (expected one of {{.*}}sm_90{{.*}})
// BRACE-NOT: LLVM ERROR

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="chip=garbage" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: error: ferric-lower-to-nvvm: chip='garbage' is not an NVPTX processor
// GARBAGE-NOT: Cannot select

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="chip=" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTYCHIP
// EMPTYCHIP: error: ferric-lower-to-nvvm: chip='' is not an NVPTX processor

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="features=ptx80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FEATURE
// FEATURE: error: ferric-lower-to-nvvm: features='ptx80': 'ptx80' is not an NVPTX feature (expected +name or -name, e.g. +ptx80)

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="format=elf" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: error: ferric-lower-to-nvvm: format='elf' is not a kernel binary format (expected isa, bin or fatbin)

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="opt-level=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: ferric-lower-to-nvvm: opt-level=4 is not an optimization level (expected 0 to 3)

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="block-size=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: error: ferric-lower-to-nvvm: block-size=0 is not a block size (expected 1 to 1024 threads)

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="reduction={row-program-thread-bytes=100}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADBYTES
// THREADBYTES: error: ferric-lower-to-nvvm: reduction={row-program-thread-bytes=100}: row-program-thread-bytes must be 16, 32, 64, 128 or 256, got 100

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="reduction={row-program-max-values=65}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAXVALUES
// MAXVALUES: error: ferric-lower-to-nvvm: reduction={row-program-max-values=65}: row-program-max-values must be 0 or in [8, 64], got 65
// RUN: not ferric-opt %s --ferric-lower-to-nvvm="reduction={row-program-max-registers=24}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAXREGS
// MAXREGS: error: ferric-lower-to-nvvm: reduction={row-program-max-registers=24}: row-program-max-registers must be 0 or in [32, 255], got 24
// RUN: not ferric-opt %s --ferric-lower-to-nvvm="reduction={split-fold-bytes=96}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOLDBYTES
// FOLDBYTES: error: ferric-lower-to-nvvm: reduction={split-fold-bytes=96}: split-fold-bytes must be a power of two in [32, 1024], got 96

// The reduction options are ferric-reduction-to-gpu's, not re-declared by
// the pipeline: an unknown one is that pass's parser error.
// RUN: not ferric-opt %s --ferric-lower-to-nvvm="reduction={no-such-knob=1}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWNREDUCTION
// UNKNOWNREDUCTION: error: ferric-lower-to-nvvm: reduction={no-such-knob=1}: {{.*}}no such option no-such-knob
// The old pipeline-level spelling is gone.
// RUN: not ferric-opt %s --ferric-lower-to-nvvm="row-stream=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLDNAME
// OLDNAME: error: bad options for ferric-lower-to-nvvm: {{.*}}no such option row-stream

// RUN: not ferric-opt %s --ferric-lower-to-spirv="block-size=2048" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WGSIZE
// WGSIZE: error: ferric-lower-to-spirv: block-size=2048 is not a block size (expected 1 to 1024 threads)

// RUN: not ferric-opt %s --ferric-lower-to-nvvm="no-such-option=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: bad options for ferric-lower-to-nvvm: {{.*}}no such option no-such-option

// RUN: not ferric-opt %s --ferric-lower-to-spirv="spirv-version=v9.9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: error: ferric-lower-to-spirv: spirv-version='v9.9' is not a SPIR-V version (expected v1.0 to v1.6)

// RUN: not ferric-opt %s --ferric-lower-to-spirv="caps='Shader Float16'" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAPS
// CAPS: error: ferric-lower-to-spirv: caps: 'Shader Float16' is not a SPIR-V capability
// CAPS-NOT: LLVM ERROR

// RUN: not ferric-opt %s --ferric-lower-to-spirv="caps=Shader,,Float16" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTYCAP
// EMPTYCAP: error: ferric-lower-to-spirv: caps='Shader,,Float16' has an empty item (expected a comma-separated list)

// RUN: not ferric-opt %s --ferric-lower-to-spirv="exts=SPV_KHR_no_such_thing" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXTS
// EXTS: error: ferric-lower-to-spirv: exts: 'SPV_KHR_no_such_thing' is not a SPIR-V extension

// Values with spaces are values, not pipeline text.
// (Dumps only: an empty module, so nothing runs.)
// RUN: echo 'module {}' | ferric-opt --ferric-lower-to-nvvm="libdevice='/opt/my cuda/libdevice.10.bc'" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// LIBDEVICE: nvvm-attach-target{{.*}} l={{.*}}/opt/my cuda/libdevice.10.bc
// RUN: rm -rf "%t dir" && mkdir -p "%t dir"
// RUN: ferric-opt %s --ferric-lower-to-cpu="fuse-report='%t dir/fuse report.txt'" -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file="%t dir/fuse report.txt"
// REPORT: ferric-fuse report for @f
// REPORT: groups formed: 1

// Comma-separated lists may have spaces after the commas.
// RUN: echo 'module {}' | ferric-opt --ferric-lower-to-spirv="caps='Shader, Float16' exts='SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class'" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACED
// SPACED: spirv-attach-target{caps={Shader,Float16} {{.*}}exts={SPV_KHR_16bit_storage,SPV_KHR_storage_buffer_storage_class}

func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.add %a, %b : tensor<8xf32>
  %1 = ferric.exp %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}
