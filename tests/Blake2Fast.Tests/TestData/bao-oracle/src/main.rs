// The bao crate (0.13, the reference's Rust implementation) as a command for BaoOracleTests: reads its input from
// standard input, writes the result to standard output. A test helper only: never shipped.
//
//   bao-oracle encode | outboard              the combined or outboard encoding (the root hash on standard error)
//   bao-oracle slice START LEN                the slice of the combined encoding read from standard input
//   bao-oracle decode-slice HASH START LEN    the bytes of the slice read from standard input, verified (exit 2 if not)
use std::io::{self, Cursor, Read, Write};

fn number(text: &str) -> u64 {
    text.parse().expect("a number")
}

fn hash(text: &str) -> bao::Hash {
    let mut bytes = [0u8; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("a 64-digit hex hash");
    }
    bao::Hash::from(bytes)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).expect("standard input");
    let mut out = io::stdout().lock();
    match args.get(1).map(String::as_str) {
        Some("encode") => {
            let (encoded, root) = bao::encode::encode(&input);
            eprintln!("{}", root.to_hex());
            out.write_all(&encoded).unwrap();
        }
        Some("outboard") => {
            let (encoded, root) = bao::encode::outboard(&input);
            eprintln!("{}", root.to_hex());
            out.write_all(&encoded).unwrap();
        }
        Some("slice") => {
            let mut extractor = bao::encode::SliceExtractor::new(Cursor::new(&input[..]), number(&args[2]), number(&args[3]));
            let mut slice = Vec::new();
            extractor.read_to_end(&mut slice).expect("the slice");
            out.write_all(&slice).unwrap();
        }
        Some("decode-slice") => {
            let root = hash(&args[2]);
            let mut decoder = bao::decode::SliceDecoder::new(&input[..], &root, number(&args[3]), number(&args[4]));
            let mut bytes = Vec::new();
            match decoder.read_to_end(&mut bytes) {
                Ok(_) => out.write_all(&bytes).unwrap(),
                Err(e) => {
                    eprintln!("{}", e);
                    std::process::exit(2);
                }
            }
        }
        _ => {
            eprintln!("usage: bao-oracle encode | outboard | slice START LEN | decode-slice HASH START LEN");
            std::process::exit(64);
        }
    }
}
