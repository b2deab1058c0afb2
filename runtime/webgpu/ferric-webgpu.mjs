// ferric-webgpu.mjs - Ferric's WebGPU runner, on Dawn (npm `webgpu`).
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Modes:
//   --serve           the device side of libferric_webgpu_runtime.so: framed
//                     requests and replies on the socket at fd 3 (PROTOCOL
//                     below); stdout and stderr stay the user's
//   --probe           prints the adapter and its limits as JSON; exit 1 when
//                     there is none
//   --check FILE...   compiles each WGSL file, or each kernel of a
//                     --mlir-to-wgsl output, with Tint and prints every
//                     message as FILE:LINE:COL: KIND: TEXT (NAME: ok when
//                     there is none); exit 1 on any error or warning
//   --run FILE [--entry=NAME] [--input=X.npy]... [--output=Y.npy]...
//                     runs the launch sequence of one function of FILE
//                     (ferric-translate --mlir-to-wgsl's output: the
//                     kernels and their manifest) on .npy inputs and writes
//                     its results as .npy
//
// PROTOCOL (little-endian). A request is [u32 op][u32 length][payload]; a
// reply is [u32 status (0 ok, 1 error)][u32 length][payload], the payload of
// an error being its message (UTF-8), and of a launch's reply followed by
// the bytes of every read_write binding, in binding order (the runtime knows
// their sizes).
//   op 1 hello   -> JSON {adapter, limits, features}
//   op 2 load    payload: the gpu.binary object ({"manifest", "wgsl"})
//                -> u32 module id, u32 binding count, u8 per binding (1:
//                   read_write, whose bytes a launch's reply carries)
//   op 3 launch  payload: u32 module, u32 grid[3], u32 block[3], u32 count,
//                then per binding u64 bytes and the bytes
//                -> f64 kernel milliseconds (negative: unknown)
//   op 4 bye
//
// The object create() returns is kept for the whole run: dawn.node tears
// the device down once it is collected, and node crashes mid-work.

import { existsSync } from 'node:fs';
import net from 'node:net';

import { npy, readNpy } from './npy.mjs';

// Dawn refuses Mesa's lavapipe: unless the Vulkan loader was told which
// driver to use, use Chromium's SwiftShader where it is installed. Set
// before Dawn loads (hence the dynamic import).
const SWIFTSHADER = process.env.FERRIC_WEBGPU_SWIFTSHADER_ICD
  || '/usr/lib/chromium/vk_swiftshader_icd.json';
if (!process.env.VK_ICD_FILENAMES && !process.env.VK_DRIVER_FILES
    && existsSync(SWIFTSHADER))
  process.env.VK_ICD_FILENAMES = SWIFTSHADER;
if (!process.env.XDG_RUNTIME_DIR)
  process.env.XDG_RUNTIME_DIR = '/tmp';
const { create, globals } = await import('webgpu');

Object.assign(globalThis, globals);

const gpuRoot = create(process.env.FERRIC_WEBGPU_DAWN_OPTIONS
  ? process.env.FERRIC_WEBGPU_DAWN_OPTIONS.split(';').filter((s) => s)
  : []);
globalThis.ferricGpuRoot = gpuRoot;

// The limits Ferric's kernels may need beyond WebGPU's defaults; each is
// asked for at the adapter's value, never assumed.
const LIMITS = [
  'maxStorageBuffersPerShaderStage', 'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX', 'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupSizeZ', 'maxComputeWorkgroupStorageSize',
  'maxStorageBufferBindingSize', 'maxBufferSize',
  'maxComputeWorkgroupsPerDimension',
];

async function openDevice() {
  const adapter = await gpuRoot.requestAdapter({
    powerPreference: 'high-performance' });
  if (!adapter)
    throw new Error('no WebGPU adapter (Dawn found no Vulkan device it '
      + 'accepts: install chromium for SwiftShader, or set '
      + 'VK_ICD_FILENAMES)');
  const requiredLimits = {};
  for (const name of LIMITS)
    requiredLimits[name] = adapter.limits[name];
  const requiredFeatures = ['shader-f16', 'timestamp-query'].filter(
    (f) => adapter.features.has(f));
  const device = await adapter.requestDevice({ requiredLimits,
    requiredFeatures });
  device.lost.then((info) => {
    if (info.reason !== 'destroyed')
      process.stderr.write(`ferric webgpu runner: device lost: ${info.message}\n`);
  });
  const info = adapter.info || {};
  return { adapter, device, describe: {
    adapter: [info.vendor, info.architecture, info.device, info.description]
      .filter((s) => s).join(' '),
    backend: info.backend || '',
    limits: requiredLimits,
    features: requiredFeatures,
  } };
}

function compilationMessages(info, file) {
  return info.messages.map((m) =>
    `${file}:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
}

async function checkFiles(files) {
  const { device } = await openDevice();
  const { readFileSync } = await import('node:fs');
  let bad = false;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // ferric-translate --mlir-to-wgsl output: each kernel's section.
    const shaders = text.includes('// ----- manifest.json')
      ? Object.entries(sections(text)).filter(([n]) => n.endsWith('.wgsl'))
      : [[file, text]];
    for (const [name, code] of shaders) {
      const module = device.createShaderModule({ code });
      const info = await module.getCompilationInfo();
      for (const line of compilationMessages(info, name))
        console.log(line);
      if (info.messages.length)
        bad = true;
      else
        console.log(`${name}: ok`);
    }
  }
  device.destroy();
  return bad ? 1 : 0;
}

//===----------------------------------------------------------------------===//
// --serve
//===----------------------------------------------------------------------===//

/// Reads exact byte counts from a stream.
class Reader {
  constructor(stream) {
    this.chunks = [];
    this.size = 0;
    this.waiter = null;
    this.ended = false;
    stream.on('data', (chunk) => {
      this.chunks.push(chunk);
      this.size += chunk.length;
      this.wake();
    });
    stream.on('end', () => { this.ended = true; this.wake(); });
  }
  wake() {
    if (this.waiter) { const w = this.waiter; this.waiter = null; w(); }
  }
  async read(n) {
    while (this.size < n) {
      if (this.ended)
        return null;
      await new Promise((resolve) => { this.waiter = resolve; });
    }
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    while (at < n) {
      const chunk = this.chunks[0];
      const take = Math.min(chunk.length, n - at);
      chunk.copy(out, at, 0, take);
      at += take;
      if (take === chunk.length)
        this.chunks.shift();
      else
        this.chunks[0] = chunk.subarray(take);
    }
    this.size -= n;
    return out;
  }
}

let channel = null;

function write(buffer) {
  return new Promise((resolve, reject) => {
    channel.write(buffer, (err) => (err ? reject(err) : resolve()));
  });
}

async function reply(status, payload, extra = []) {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(status, 0);
  head.writeUInt32LE(payload.length, 4);
  await write(head);
  if (payload.length)
    await write(payload);
  for (const part of extra)
    await write(part);
}

const roundUp4 = (n) => Math.max(4, Math.ceil(n / 4) * 4);

class Server {
  constructor(ctx) {
    this.ctx = ctx;
    this.device = ctx.device;
    this.modules = [];
    // Device buffers by binding slot and size, reused across launches.
    this.pool = new Map();
  }

  async load(payload) {
    const object = JSON.parse(payload.toString('utf8'));
    const { manifest, wgsl } = object;
    const device = this.device;
    for (const f of manifest.features || [])
      if (!device.features.has(f))
        throw new Error(`kernel ${manifest.module} needs the adapter feature `
          + `'${f}', which ${this.ctx.describe.adapter || 'this adapter'} `
          + 'lacks');
    const limits = this.ctx.describe.limits;
    const storage = manifest.bindings.length;
    if (storage > limits.maxStorageBuffersPerShaderStage)
      throw new Error(`kernel ${manifest.module} binds ${storage} storage `
        + 'buffers; the adapter allows '
        + `${limits.maxStorageBuffersPerShaderStage} (compile with `
        + `storage-buffer-limit=${limits.maxStorageBuffersPerShaderStage})`);
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code: wgsl });
    const info = await module.getCompilationInfo();
    const errors = info.messages.filter((m) => m.type === 'error');
    if (errors.length)
      throw new Error(`WGSL of ${manifest.module} does not compile:\n`
        + compilationMessages(info, manifest.module + '.wgsl').join('\n'));
    const entries = manifest.bindings.map((b) => ({
      binding: b.binding, visibility: GPUShaderStage.COMPUTE,
      buffer: { type: b.access === 'read' ? 'read-only-storage' : 'storage' },
    }));
    entries.push({ binding: manifest.uniform.binding,
      visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } });
    const layout = device.createBindGroupLayout({ entries });
    const pipeline = device.createComputePipeline({
      layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: { module, entryPoint: manifest.entry },
    });
    const error = await device.popErrorScope();
    if (error)
      throw new Error(`kernel ${manifest.module}: ${error.message}`);
    this.modules.push({ manifest, layout, pipeline });
    const out = Buffer.alloc(8 + manifest.bindings.length);
    out.writeUInt32LE(this.modules.length - 1, 0);
    out.writeUInt32LE(manifest.bindings.length, 4);
    manifest.bindings.forEach((b, i) => {
      out[8 + i] = b.access === 'read_write' ? 1 : 0;
    });
    return out;
  }

  buffer(slot, size, usage) {
    const key = `${slot}:${size}:${usage}`;
    let b = this.pool.get(key);
    if (!b) {
      b = this.device.createBuffer({ size, usage });
      this.pool.set(key, b);
    }
    return b;
  }

  async launch(payload) {
    let at = 0;
    const u32 = () => { const v = payload.readUInt32LE(at); at += 4; return v; };
    const id = u32();
    const grid = [u32(), u32(), u32()];
    const block = [u32(), u32(), u32()];
    const count = u32();
    const mod = this.modules[id];
    if (!mod)
      throw new Error(`launch of unknown module ${id}`);
    const { manifest } = mod;
    if (count !== manifest.bindings.length)
      throw new Error(`kernel ${manifest.module} takes `
        + `${manifest.bindings.length} buffers, the launch passed ${count}`);
    const ws = manifest.workgroup_size;
    if (block[0] !== ws[0] || block[1] !== ws[1] || block[2] !== ws[2])
      throw new Error(`kernel ${manifest.module} was launched with block `
        + `${block.join('x')} but its WGSL workgroup size is ${ws.join('x')}`);
    const device = this.device;
    const S = GPUBufferUsage;
    const buffers = [];
    for (let i = 0; i < count; ++i) {
      const bytes = Number(payload.readBigUInt64LE(at));
      at += 8;
      const data = payload.subarray(at, at + bytes);
      at += bytes;
      const size = roundUp4(bytes);
      const b = this.buffer(i, size, S.STORAGE | S.COPY_DST | S.COPY_SRC);
      if (bytes % 4 === 0) {
        device.queue.writeBuffer(b, 0, data);
      } else {
        const padded = Buffer.alloc(size);
        data.copy(padded);
        device.queue.writeBuffer(b, 0, padded);
      }
      buffers.push({ b, bytes, size });
    }
    // WebGPU caps each dispatch dimension; x beyond it goes to z, which the
    // kernel folds back (manifest fold_grid_x_into_z).
    const maxDim = this.ctx.describe.limits.maxComputeWorkgroupsPerDimension;
    let dispatch = grid.slice();
    if (grid[0] > maxDim) {
      if (!manifest.fold_grid_x_into_z || grid[2] !== 1)
        throw new Error(`kernel ${manifest.module}: grid ${grid.join('x')} `
          + `exceeds the adapter's ${maxDim} workgroups per dimension`);
      dispatch = [maxDim, grid[1], Math.ceil(grid[0] / maxDim)];
    }
    if (dispatch.some((d) => d > maxDim))
      throw new Error(`kernel ${manifest.module}: grid ${grid.join('x')} `
        + `exceeds the adapter's ${maxDim} workgroups per dimension`);
    const uniform = this.buffer('u', 16, S.UNIFORM | S.COPY_DST);
    device.queue.writeBuffer(uniform, 0, new Uint32Array([...grid, 0]));
    const entries = buffers.map((x, i) => ({
      binding: manifest.bindings[i].binding, resource: { buffer: x.b } }));
    entries.push({ binding: manifest.uniform.binding,
      resource: { buffer: uniform } });
    device.pushErrorScope('validation');
    const group = device.createBindGroup({ layout: mod.layout, entries });
    const timed = device.features.has('timestamp-query');
    let query = null;
    if (timed) {
      query = {
        set: this.querySet || (this.querySet = device.createQuerySet({
          type: 'timestamp', count: 2 })),
        resolve: this.buffer('qr', 16, S.QUERY_RESOLVE | S.COPY_SRC),
        read: this.buffer('qm', 16, S.MAP_READ | S.COPY_DST),
      };
    }
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass(timed ? { timestampWrites: {
      querySet: query.set, beginningOfPassWriteIndex: 0,
      endOfPassWriteIndex: 1 } } : {});
    pass.setPipeline(mod.pipeline);
    pass.setBindGroup(0, group);
    if (dispatch.every((d) => d > 0))
      pass.dispatchWorkgroups(dispatch[0], dispatch[1], dispatch[2]);
    pass.end();
    if (timed) {
      encoder.resolveQuerySet(query.set, 0, 2, query.resolve, 0);
      encoder.copyBufferToBuffer(query.resolve, 0, query.read, 0, 16);
    }
    const readBacks = [];
    manifest.bindings.forEach((binding, i) => {
      if (binding.access !== 'read_write')
        return;
      const x = buffers[i];
      const staging = this.buffer(`r${i}`, x.size, S.MAP_READ | S.COPY_DST);
      encoder.copyBufferToBuffer(x.b, 0, staging, 0, x.size);
      readBacks.push({ staging, bytes: x.bytes });
    });
    const start = performance.now();
    device.queue.submit([encoder.finish()]);
    const error = await device.popErrorScope();
    if (error)
      throw new Error(`kernel ${manifest.module}: ${error.message}`);
    await device.queue.onSubmittedWorkDone();
    let ms = performance.now() - start;
    if (timed) {
      await query.read.mapAsync(GPUMapMode.READ);
      const t = new BigUint64Array(query.read.getMappedRange().slice(0));
      query.read.unmap();
      if (t[1] > t[0])
        ms = Number(t[1] - t[0]) / 1e6;
    }
    const parts = [];
    for (const r of readBacks) {
      await r.staging.mapAsync(GPUMapMode.READ);
      parts.push(Buffer.from(r.staging.getMappedRange(0, roundUp4(r.bytes))
        .slice(0, r.bytes)));
      r.staging.unmap();
    }
    const head = Buffer.alloc(8);
    head.writeDoubleLE(ms, 0);
    return { head, parts };
  }
}

async function serve() {
  channel = new net.Socket({ fd: 3, readable: true, writable: true });
  const reader = new Reader(channel);
  let server = null;
  let openError = null;
  try {
    server = new Server(await openDevice());
  } catch (e) {
    openError = e.message;
  }
  for (;;) {
    const head = await reader.read(8);
    if (!head)
      break;
    const op = head.readUInt32LE(0);
    const payload = await reader.read(head.readUInt32LE(4));
    if (payload === null)
      break;
    if (op === 4)
      break;
    if (openError) {
      await reply(1, Buffer.from(openError));
      continue;
    }
    try {
      if (op === 1) {
        await reply(0, Buffer.from(JSON.stringify(server.ctx.describe)));
      } else if (op === 2) {
        await reply(0, await server.load(payload));
      } else if (op === 3) {
        const { head: out, parts } = await server.launch(payload);
        await reply(0, out, parts);
      } else {
        await reply(1, Buffer.from(`unknown request ${op}`));
      }
    } catch (e) {
      await reply(1, Buffer.from(String(e.message || e)));
    }
  }
  if (server)
    server.device.destroy();
  channel.end();
}

//===----------------------------------------------------------------------===//
// --run
//===----------------------------------------------------------------------===//

/// {name: text} of the `// ----- name` sections of --mlir-to-wgsl output.
function sections(text) {
  const parts = {};
  let name = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('// ----- ')) {
      name = line.slice(9).trim();
      parts[name] = '';
    } else if (name) {
      parts[name] += line + '\n';
    }
  }
  return parts;
}

async function run(args) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const file = args[0];
  const opt = (name) => args.filter((a) => a.startsWith(`--${name}=`))
    .map((a) => a.slice(name.length + 3));
  const parts = sections(readFileSync(file, 'utf8'));
  const manifest = JSON.parse(parts['manifest.json']);
  const functions = Object.keys(manifest.launches);
  const entry = opt('entry')[0] || (functions.length === 1 ? functions[0]
    : null);
  if (!entry || !manifest.launches[entry])
    throw new Error(`${file}: choose a function with --entry= (it has `
      + `${functions.join(', ')})`);
  const inputs = opt('input').map((f) => readNpy(readFileSync(f), f));
  const ctx = await openDevice();
  const server = new Server(ctx);
  const loaded = new Map();
  for (const kernel of manifest.kernels) {
    const wgsl = parts[`${kernel.module}.wgsl`];
    const payload = Buffer.from(JSON.stringify({ manifest: kernel, wgsl }));
    loaded.set(kernel.module, (await server.load(payload)).readUInt32LE(0));
  }
  // Host memory per buffer, as libferric_webgpu_runtime keeps it.
  const memory = new Map();
  const outputs = [];
  const keyOf = (ref) => ('input' in ref ? `i${ref.input}`
    : 'output' in ref ? `o${ref.output}` : `t${ref.temporary}`);
  // The element type of each buffer, from the first kernel that binds it
  // (a copy's target takes its source's).
  const types = new Map();
  const memoryOf = (ref, bytes, type) => {
    const key = keyOf(ref);
    if (!memory.has(key)) {
      let data = Buffer.alloc(bytes);
      if ('input' in ref) {
        const input = inputs[ref.input];
        if (!input)
          throw new Error(`${entry} needs input ${ref.input} (--input=)`);
        if (input.data.length !== data.length)
          throw new Error(`input ${ref.input} has ${input.data.length} `
            + `bytes; ${entry} takes ${data.length}`);
        data = Buffer.from(input.data);
      }
      memory.set(key, data);
    }
    if (type && !types.has(key))
      types.set(key, type);
    if ('output' in ref && types.has(key))
      outputs[ref.output] = { key, type: types.get(key) };
    return memory.get(key);
  };
  for (const launch of manifest.launches[entry]) {
    if (launch.copy) {
      // A host copy (e.g. a reduction's initial value into its
      // accumulator): the launches after it read the target.
      const from = memoryOf(launch.copy.from, launch.bytes);
      const to = memoryOf(launch.copy.to, launch.bytes,
        types.get(keyOf(launch.copy.from)));
      from.copy(to, 0, 0, launch.bytes);
      continue;
    }
    const kernel = manifest.kernels.find((k) => k.module === launch.kernel);
    const parts2 = [];
    launch.buffers.forEach((ref, i) => {
      memoryOf(ref, kernel.bindings[i].bytes, kernel.bindings[i].type);
    });
    const head = Buffer.alloc(32);
    [loaded.get(launch.kernel), ...launch.grid, ...launch.block,
      launch.buffers.length].forEach((v, i) => head.writeUInt32LE(v, 4 * i));
    parts2.push(head);
    for (const ref of launch.buffers) {
      const data = memory.get(keyOf(ref));
      const size = Buffer.alloc(8);
      size.writeBigUInt64LE(BigInt(data.length));
      parts2.push(size, data);
    }
    const { parts: written } = await server.launch(Buffer.concat(parts2));
    let w = 0;
    kernel.bindings.forEach((binding, i) => {
      if (binding.access === 'read_write')
        written[w++].copy(memory.get(keyOf(launch.buffers[i])));
    });
  }
  const paths = opt('output');
  outputs.forEach((out, i) => {
    const shape = manifest.results?.[entry]?.[i];
    const data = memory.get(out.key);
    if (paths[i]) {
      const elements = out.type === 'i1' ? data.length
        : data.length / ({ f32: 4, i32: 4, f16: 2, bf16: 2 }[out.type]);
      writeFileSync(paths[i], npy(out.type, shape || [elements], data));
    }
    console.log(`result ${i}: ${out.type}, ${data.length} bytes`
      + (paths[i] ? ` -> ${paths[i]}` : ''));
  });
  ctx.device.destroy();
  return 0;
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--run' && args.length > 1)
    return run(args.slice(1));
  if (args[0] === '--serve')
    return serve().then(() => 0);
  if (args[0] === '--probe') {
    try {
      const ctx = await openDevice();
      console.log(JSON.stringify(ctx.describe));
      ctx.device.destroy();
      return 0;
    } catch (e) {
      console.error(`ferric webgpu runner: ${e.message}`);
      return 1;
    }
  }
  if (args[0] === '--check' && args.length > 1)
    return checkFiles(args.slice(1));
  console.error('usage: ferric-webgpu.mjs --serve | --probe | --check FILE... '
    + '| --run FILE [--entry=NAME] [--input=X.npy]... [--output=Y.npy]...');
  return 2;
}

// Exits explicitly: the object create() returned keeps node alive.
main().then((code) => process.exit(code)).catch((e) => {
  console.error(`ferric webgpu runner: ${e.stack || e}`);
  process.exit(1);
});
