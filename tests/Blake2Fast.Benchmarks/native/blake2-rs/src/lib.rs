//! One-shot entry points over `blake2b_simd` and `blake2s_simd` for P/Invoke from the benchmarks.
//! Each returns 0 on success and -1 on a bad length (a panic would abort the benchmark process).

use std::slice;

unsafe fn input<'a>(data: *const u8, len: usize) -> &'a [u8] {
    if len == 0 { &[] } else { slice::from_raw_parts(data, len) }
}

unsafe fn write(out: *mut u8, out_len: usize, bytes: &[u8]) {
    std::ptr::copy_nonoverlapping(bytes.as_ptr(), out, out_len);
}

#[no_mangle]
pub unsafe extern "C" fn b2rs_blake2b(data: *const u8, len: usize, out: *mut u8, out_len: usize) -> i32 {
    if out_len == 0 || out_len > 64 { return -1; }
    let hash = blake2b_simd::Params::new().hash_length(out_len).hash(input(data, len));
    write(out, out_len, hash.as_bytes());
    0
}

#[no_mangle]
pub unsafe extern "C" fn b2rs_blake2s(data: *const u8, len: usize, out: *mut u8, out_len: usize) -> i32 {
    if out_len == 0 || out_len > 32 { return -1; }
    let hash = blake2s_simd::Params::new().hash_length(out_len).hash(input(data, len));
    write(out, out_len, hash.as_bytes());
    0
}

#[no_mangle]
pub unsafe extern "C" fn b2rs_blake2bp(data: *const u8, len: usize, out: *mut u8, out_len: usize) -> i32 {
    if out_len == 0 || out_len > 64 { return -1; }
    let hash = blake2b_simd::blake2bp::Params::new().hash_length(out_len).hash(input(data, len));
    write(out, out_len, hash.as_bytes());
    0
}

#[no_mangle]
pub unsafe extern "C" fn b2rs_blake2sp(data: *const u8, len: usize, out: *mut u8, out_len: usize) -> i32 {
    if out_len == 0 || out_len > 32 { return -1; }
    let hash = blake2s_simd::blake2sp::Params::new().hash_length(out_len).hash(input(data, len));
    write(out, out_len, hash.as_bytes());
    0
}

/// Defines `$name(datas, lens, count, out, out_len)`: hashes `count` inputs (pointers and lengths) with `$krate`'s
/// `many::hash_many`, writing `out_len` bytes per input to `out`, one after another; up to 64 inputs per call.
macro_rules! hash_many_fn {
    ($name:ident, $krate:ident, $max:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(datas: *const *const u8, lens: *const usize, count: usize, out: *mut u8, out_len: usize) -> i32 {
            if out_len == 0 || out_len > $max || count > 64 { return -1; }
            let mut params = $krate::Params::new();
            params.hash_length(out_len);
            let datas = input_ptrs(datas, count);
            let lens = input_lens(lens, count);
            let mut jobs: arrayvec::ArrayVec<$krate::many::HashManyJob, 64> = arrayvec::ArrayVec::new();
            for i in 0..count {
                jobs.push($krate::many::HashManyJob::new(&params, input(datas[i], lens[i])));
            }
            $krate::many::hash_many(jobs.iter_mut());
            for (i, job) in jobs.iter().enumerate() {
                write(out.add(i * out_len), out_len, job.to_hash().as_bytes());
            }
            0
        }
    };
}

hash_many_fn!(b2rs_blake2b_many, blake2b_simd, 64);
hash_many_fn!(b2rs_blake2s_many, blake2s_simd, 32);

unsafe fn input_ptrs<'a>(datas: *const *const u8, count: usize) -> &'a [*const u8] {
    if count == 0 { &[] } else { slice::from_raw_parts(datas, count) }
}

unsafe fn input_lens<'a>(lens: *const usize, count: usize) -> &'a [usize] {
    if count == 0 { &[] } else { slice::from_raw_parts(lens, count) }
}
