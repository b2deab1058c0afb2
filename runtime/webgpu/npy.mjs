// npy.mjs - .npy files for ferric-webgpu.mjs --run.
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Reads and writes version 1 .npy files of the element types WGSL kernels
// take (bf16 as '<u2' words, as ferric-run writes them).

const NPY_TYPES = { '<f4': 'f32', '<f2': 'f16', '<i4': 'i32', '|b1': 'i1',
  '<u2': 'bf16' };
const NPY_DESCR = { f32: '<f4', f16: '<f2', i32: '<i4', i1: '|b1',
  bf16: '<u2' };

export function readNpy(bytes, file) {
  if (bytes.toString('latin1', 1, 6) !== 'NUMPY')
    throw new Error(`${file} is not a .npy file`);
  const major = bytes[6];
  const headerLen = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = bytes.toString('latin1', start, start + headerLen);
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  if (/'fortran_order':\s*True/.test(header))
    throw new Error(`${file}: Fortran order is not supported`);
  const shape = (/'shape':\s*\(([^)]*)\)/.exec(header)?.[1] || '')
    .split(',').map((d) => d.trim()).filter((d) => d).map(Number);
  if (!NPY_TYPES[descr])
    throw new Error(`${file}: dtype ${descr} is not supported`);
  return { type: NPY_TYPES[descr], shape,
    data: bytes.subarray(start + headerLen) };
}

export function npy(type, shape, data) {
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  let header = `{'descr': '${NPY_DESCR[type]}', 'fortran_order': False, `
    + `'shape': (${dims}), }`;
  header += ' '.repeat(63 - ((10 + header.length) % 64)) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), data]);
}
