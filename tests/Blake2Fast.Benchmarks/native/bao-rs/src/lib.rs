// The bao crate 0.13 behind a C ABI, for the benchmarks' Bao rows (BaoAlternation.cs); built by build.sh, never shipped.
// Each call uses the crate's own Encoder / Decoder over the caller's buffers (as its encode/outboard/decode helpers
// do, without their Vec), so both sides are timed writing into memory they were given. 0 is success.
use std::io::{Cursor, Read, Write};
use std::slice;

unsafe fn encode_into(input: *const u8, len: usize, out: *mut u8, out_len: usize, hash: *mut u8, outboard: bool) -> i32 {
    let input = slice::from_raw_parts(input, len);
    let out = slice::from_raw_parts_mut(out, out_len);
    let needed = if outboard { bao::encode::outboard_size(len as u64) } else { bao::encode::encoded_size(len as u64) };
    if (out_len as u128) < needed {
        return 1;
    }
    // Exactly the encoding's length: the encoder's final flip finds the end of what it wrote by seeking to the end.
    let cursor = Cursor::new(&mut out[..needed as usize]);
    let mut encoder = if outboard { bao::encode::Encoder::new_outboard(cursor) } else { bao::encode::Encoder::new(cursor) };
    if encoder.write_all(input).is_err() {
        return 2;
    }
    match encoder.finalize() {
        Ok(root) => {
            slice::from_raw_parts_mut(hash, 32).copy_from_slice(root.as_bytes());
            0
        }
        Err(_) => 3,
    }
}

/// The combined encoding of `len` bytes into `out` (at least the encoded size); the root hash into `hash` (32 bytes).
#[no_mangle]
pub unsafe extern "C" fn baors_encode(input: *const u8, len: usize, out: *mut u8, out_len: usize, hash: *mut u8) -> i32 {
    encode_into(input, len, out, out_len, hash, false)
}

/// The outboard encoding, as `baors_encode`.
#[no_mangle]
pub unsafe extern "C" fn baors_outboard(input: *const u8, len: usize, out: *mut u8, out_len: usize, hash: *mut u8) -> i32 {
    encode_into(input, len, out, out_len, hash, true)
}

/// Verifies and decodes a combined encoding to its end through reads of `buf_len` bytes into `buf` (as a reader of
/// the stream does; the benchmark's BaoDecoder row reads 64 KiB at a time too); returns the bytes decoded, or -1 when
/// the encoding does not verify.
#[no_mangle]
pub unsafe extern "C" fn baors_decode(encoded: *const u8, len: usize, hash: *const u8, buf: *mut u8, buf_len: usize) -> i64 {
    let encoded = slice::from_raw_parts(encoded, len);
    let mut root = [0u8; 32];
    root.copy_from_slice(slice::from_raw_parts(hash, 32));
    let mut decoder = bao::decode::Decoder::new(encoded, &bao::Hash::from(root));
    let buf = slice::from_raw_parts_mut(buf, buf_len);
    let mut total: i64 = 0;
    loop {
        match decoder.read(buf) {
            Ok(0) => return total,
            Ok(n) => total += n as i64,
            Err(_) => return -1,
        }
    }
}
