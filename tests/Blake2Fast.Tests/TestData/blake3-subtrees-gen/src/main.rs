//! Writes BLAKE3 subtree vectors (JSON, to stdout) from the BLAKE3 team's crate alone: each piece's chaining value
//! from `guts::ChunkState::new(chunk_counter)` and `guts::parent_cv(left, right, is_root)`, each root checked against
//! `blake3::hash`. Plain hash mode only (`guts` has no other). Inputs are splitmix64 bytes, so the tests regenerate
//! them from (seed, length) and the file holds only lengths, offsets and hashes. See run.sh.

use blake3::guts::{parent_cv, ChunkState, CHUNK_LEN};
use std::fmt::Write;

const CHUNK: u64 = CHUNK_LEN as u64;

/// splitmix64: the input bytes (each output little-endian) and the random choices.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn input(seed: u64, length: usize) -> Vec<u8> {
    let mut random = SplitMix(seed);
    let mut bytes = Vec::with_capacity(length + 8);
    while bytes.len() < length {
        bytes.extend_from_slice(&random.next().to_le_bytes());
    }
    bytes.truncate(length);
    bytes
}

/// The left subtree's length: the largest power of two of whole chunks that leaves at least one byte to the right.
fn left_length(length: u64) -> u64 {
    let full_chunks = (length - 1) / CHUNK;
    let mut chunks = 1;
    while chunks * 2 <= full_chunks {
        chunks *= 2;
    }
    chunks * CHUNK
}

/// The chaining value (or root hash) of the tree node over input[offset..offset + length].
fn node(input: &[u8], offset: u64, length: u64, is_root: bool) -> blake3::Hash {
    if length <= CHUNK {
        let bytes = &input[offset as usize..(offset + length) as usize];
        return ChunkState::new(offset / CHUNK).update(bytes).finalize(is_root);
    }
    let left = left_length(length);
    parent_cv(&node(input, offset, left, false), &node(input, offset + left, length - left, false), is_root)
}

struct Split {
    rule: String,
    pieces: Vec<(u64, u64, blake3::Hash)>,
    parents: Vec<(u64, u64, blake3::Hash)>,
}

/// Tiles the node over [offset, offset + length) with pieces: the node itself unless `cut` splits it (a node of one
/// chunk or less never splits), then its children; records each piece and each non-root parent above them.
fn tile(input: &[u8], offset: u64, length: u64, cut: &mut dyn FnMut(u64, u64) -> bool, split: &mut Split) -> blake3::Hash {
    if length <= CHUNK || !cut(offset, length) {
        let cv = node(input, offset, length, false);
        split.pieces.push((offset, length, cv));
        return cv;
    }
    let left = left_length(length);
    let a = tile(input, offset, left, cut, split);
    let b = tile(input, offset + left, length - left, cut, split);
    let cv = parent_cv(&a, &b, false);
    split.parents.push((offset, length, cv));
    cv
}

/// A split of the whole input (more than one chunk): the root always splits into its two children.
fn split_by(input: &[u8], rule: String, cut: &mut dyn FnMut(u64, u64) -> bool) -> Split {
    let length = input.len() as u64;
    let mut split = Split { rule, pieces: Vec::new(), parents: Vec::new() };
    let left = left_length(length);
    let a = tile(input, 0, left, cut, &mut split);
    let b = tile(input, left, length - left, cut, &mut split);
    assert_eq!(parent_cv(&a, &b, true), blake3::hash(input), "the merged root differs from blake3::hash");
    split
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        write!(s, "{:02x}", b).unwrap();
        s
    })
}

fn nodes_json(nodes: &[(u64, u64, blake3::Hash)]) -> String {
    let items: Vec<String> = nodes
        .iter()
        .map(|(o, l, cv)| format!("{{\"offset\": {}, \"length\": {}, \"cv\": \"{}\"}}", o, l, hex(cv.as_bytes())))
        .collect();
    format!("[\n          {}\n        ]", items.join(",\n          "))
}

fn main() {
    const MIB: usize = 1 << 20;
    let lengths = [
        1025, 1536, 2048, 2049, 3072, 3073, 4096, 4097, 5000, 7 * 1024 - 1, 8192, 8193, 12345, 16385, 31 * 1024 + 7,
        40 * 1024, 64 * 1024, 64 * 1024 + 1, 100_000, MIB + 1, 3 * MIB + 555,
    ];
    let mut cases = Vec::new();
    for (i, &length) in lengths.iter().enumerate() {
        let seed = 0xB1A4_E3 + i as u64;
        let data = input(seed, length);
        let total = length as u64;
        let mut random = SplitMix(seed ^ 0x5EED);
        let mut splits = vec![split_by(&data, "root children".into(), &mut |_, _| false)];
        if total <= 64 * CHUNK {
            splits.push(split_by(&data, "every chunk".into(), &mut |_, _| true));
        }
        // Cut points: the fewest nodes on either side of p. The first chunk, the left subtree's end, the last
        // chunk's start, and random chunk boundaries.
        let last = (total - 1) / CHUNK * CHUNK;
        let mut cuts = vec![CHUNK, left_length(total), last];
        for _ in 0..4 {
            cuts.push((1 + random.next() % ((total - 1) / CHUNK)) * CHUNK);
        }
        cuts.sort_unstable();
        cuts.dedup();
        for p in cuts {
            splits.push(split_by(&data, format!("cut at {}", p), &mut |o, l| o < p && p < o + l));
        }
        for r in 0..3 {
            let mut choices = SplitMix(seed.wrapping_mul(31).wrapping_add(r));
            splits.push(split_by(&data, format!("random {}", r), &mut |_, _| choices.next() % 3 != 0));
        }
        let mut seen = Vec::new();
        splits.retain(|s| {
            let key: Vec<(u64, u64)> = s.pieces.iter().map(|&(o, l, _)| (o, l)).collect();
            if seen.contains(&key) {
                return false;
            }
            seen.push(key);
            true
        });

        let mut xof = [0u8; 100];
        let mut reader = blake3::Hasher::new().update(&data).finalize_xof();
        reader.set_position(1000);
        reader.fill(&mut xof);

        let splits_json: Vec<String> = splits
            .iter()
            .map(|s| {
                format!(
                    "{{\n        \"rule\": \"{}\",\n        \"pieces\": {},\n        \"parents\": {}\n      }}",
                    s.rule,
                    nodes_json(&s.pieces),
                    nodes_json(&s.parents)
                )
            })
            .collect();
        cases.push(format!(
            "{{\n      \"seed\": {},\n      \"length\": {},\n      \"hash\": \"{}\",\n      \"xofPosition\": 1000,\n      \"xof\": \"{}\",\n      \"splits\": [\n      {}\n      ]\n    }}",
            seed,
            length,
            hex(blake3::hash(&data).as_bytes()),
            hex(&xof),
            splits_json.join(",\n      ")
        ));
    }
    println!("{{");
    println!("  \"source\": \"blake3 crate 1.3.1 (Debian librust-blake3-dev): guts::ChunkState::new(counter), guts::parent_cv; roots checked against blake3::hash; xof from Hasher::finalize_xof with set_position. Generated by blake3-subtrees-gen/run.sh.\",");
    println!("  \"input\": \"splitmix64(seed): each output's 8 bytes little-endian, truncated to length\",");
    println!("  \"cases\": [\n    {}\n  ]", cases.join(",\n    "));
    println!("}}");
}
