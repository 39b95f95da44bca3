// The bao crate 0.13 from file to file, for comparing `b2fsum --bao encode/decode` on a large file (docs/benchmarks/bao.md);
// built by build.sh, never shipped.
//
//   bao-rs-files encode INPUT OUTPUT [--outboard]   prints the root hash
//   bao-rs-files decode HASH INPUT OUTPUT           exit 2 when the encoding does not verify
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("encode") if args.len() >= 4 => {
            let mut input = File::open(&args[2]).expect("the input");
            // The encoder flips its tree in place at the end: it reads, writes and seeks its output.
            let output = OpenOptions::new().read(true).write(true).create(true).truncate(true).open(&args[3]).expect("the output");
            let mut encoder = if args.get(4).map(String::as_str) == Some("--outboard") {
                bao::encode::Encoder::new_outboard(output)
            } else {
                bao::encode::Encoder::new(output)
            };
            io::copy(&mut input, &mut encoder).expect("encoding");
            println!("{}", encoder.finalize().expect("finalizing").to_hex());
        }
        Some("decode") if args.len() == 5 => {
            let hash = bao::Hash::from_hex(&args[2]).expect("a 64-digit hex hash");
            let input = BufReader::with_capacity(1 << 16, File::open(&args[3]).expect("the input"));
            let mut output = BufWriter::with_capacity(1 << 16, File::create(&args[4]).expect("the output"));
            let mut decoder = bao::decode::Decoder::new(input, &hash);
            if let Err(e) = io::copy(&mut decoder, &mut output) {
                eprintln!("{}", e);
                std::process::exit(2);
            }
        }
        _ => {
            eprintln!("usage: bao-rs-files encode INPUT OUTPUT [--outboard] | decode HASH INPUT OUTPUT");
            std::process::exit(64);
        }
    }
}
