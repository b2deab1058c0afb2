// Runs Ferric-emitted WGSL (kernels.js, made by generate.sh) with the
// browser's WebGPU and checks each result against a JavaScript reference.
// The outcome is the page title ("ferric-web: PASS" or "ferric-web: FAIL")
// and the text of #result, which tests/run-headless.mjs reads.

const log = (line) => {
  document.getElementById('log').textContent += line + '\n';
};

// The launch sequence of one program from its manifest (docs/WGSL.md).
async function runProgram(device, program, inputs) {
  const { manifest, shaders } = program;
  const S = GPUBufferUsage;
  const kernels = new Map(manifest.kernels.map((k) => [k.module, k]));
  const launches = Object.values(manifest.launches)[0];
  const maxDim = device.limits.maxComputeWorkgroupsPerDimension;
  const buffers = new Map();
  const bufferFor = (ref, bytes) => {
    const key = 'input' in ref ? `in${ref.input}`
      : 'output' in ref ? `out${ref.output}` : `tmp${ref.temporary}`;
    if (!buffers.has(key)) {
      const size = Math.max(4, Math.ceil(bytes / 4) * 4);
      const b = device.createBuffer({ size,
        usage: S.STORAGE | S.COPY_SRC | S.COPY_DST });
      if ('input' in ref)
        device.queue.writeBuffer(b, 0, inputs[ref.input]);
      buffers.set(key, { b, size, ref });
    }
    return buffers.get(key).b;
  };
  const encoder = device.createCommandEncoder();
  for (const launch of launches) {
    if (launch.copy) {
      // A host copy of the program (e.g. a reduction's initial value into
      // its accumulator), in order with the dispatches.
      const size = Math.max(4, Math.ceil(launch.bytes / 4) * 4);
      encoder.copyBufferToBuffer(bufferFor(launch.copy.from, launch.bytes), 0,
        bufferFor(launch.copy.to, launch.bytes), 0, size);
      continue;
    }
    const kernel = kernels.get(launch.kernel);
    const module = device.createShaderModule({ code: shaders[launch.kernel] });
    const info = await module.getCompilationInfo();
    for (const m of info.messages)
      log(`${launch.kernel}.wgsl:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
    const pipeline = device.createComputePipeline({ layout: 'auto',
      compute: { module, entryPoint: kernel.entry } });
    const uniform = device.createBuffer({ size: 16,
      usage: S.UNIFORM | S.COPY_DST });
    device.queue.writeBuffer(uniform, 0, new Uint32Array([...launch.grid, 0]));
    const entries = kernel.bindings.map((binding, i) => ({
      binding: binding.binding,
      resource: { buffer: bufferFor(launch.buffers[i], binding.bytes) } }));
    entries.push({ binding: kernel.uniform.binding,
      resource: { buffer: uniform } });
    let dispatch = launch.grid.slice();
    if (dispatch[0] > maxDim)
      dispatch = [maxDim, dispatch[1], Math.ceil(dispatch[0] / maxDim)];
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0), entries }));
    pass.dispatchWorkgroups(...dispatch);
    pass.end();
  }
  const outs = [];
  for (const { b, size, ref } of buffers.values()) {
    if (!('output' in ref))
      continue;
    const read = device.createBuffer({ size,
      usage: S.MAP_READ | S.COPY_DST });
    encoder.copyBufferToBuffer(b, 0, read, 0, size);
    outs[ref.output] = read;
  }
  device.queue.submit([encoder.finish()]);
  const results = [];
  for (const read of outs) {
    await read.mapAsync(GPUMapMode.READ);
    results.push(new Float32Array(read.getMappedRange().slice(0)));
    read.unmap();
  }
  return results;
}

// Deterministic inputs in [-4, 4).
function inputs(n, seed) {
  const a = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; ++i) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    a[i] = (s / 2 ** 32) * 8 - 4;
  }
  return a;
}

const REFERENCES = {
  swiglu: ([a, b]) => a.map((x, i) => (x / (1 + Math.exp(-x))) * b[i]),
  softmax: ([x], shape) => {
    const [rows, cols] = shape;
    const out = new Float32Array(x.length);
    for (let r = 0; r < rows; ++r) {
      const row = x.subarray(r * cols, (r + 1) * cols);
      const max = row.reduce((m, v) => Math.max(m, v), -Infinity);
      let sum = 0;
      for (const v of row) sum += Math.exp(v - max);
      for (let c = 0; c < cols; ++c)
        out[r * cols + c] = Math.exp(row[c] - max) / sum;
    }
    return out;
  },
};

async function main() {
  if (!navigator.gpu)
    throw new Error('this browser has no WebGPU (navigator.gpu)');
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter)
    throw new Error('no WebGPU adapter');
  const device = await adapter.requestDevice();
  device.addEventListener('uncapturederror',
    (e) => log(`WebGPU error: ${e.error.message}`));
  let ok = true;
  for (const [name, program] of Object.entries(window.FERRIC_KERNELS)) {
    const ins = program.inputs.map((n, i) => inputs(n, 17 + i));
    const [got] = await runProgram(device, program, ins);
    const want = REFERENCES[name](ins, program.shape);
    let worst = 0;
    for (let i = 0; i < want.length; ++i) {
      const err = Math.abs(got[i] - want[i]) / (1e-6 + Math.abs(want[i]));
      if (!(err <= worst)) worst = err;
    }
    const pass = got.length >= want.length && worst < 1e-4;
    ok = ok && pass;
    log(`${name}: ${want.length} values, ${program.kernelCount} kernel(s), `
      + `max relative error ${worst.toExponential(2)}: `
      + (pass ? 'PASS' : 'FAIL'));
  }
  return ok;
}

main().then((ok) => {
  document.getElementById('result').textContent = ok ? 'PASS' : 'FAIL';
  document.title = `ferric-web: ${ok ? 'PASS' : 'FAIL'}`;
}).catch((e) => {
  log(`error: ${e.message}`);
  document.getElementById('result').textContent = 'FAIL';
  document.title = 'ferric-web: FAIL';
});
