//! A reader for the common, plain form of Nemesis instance files, in one pass over the bytes.
//!
//! Two forms are read: ASP facts (`edge(U,V).`, `edge(U,V,K).`, `vertex(V).`, `exit(V).`,
//! `start(V).`; names integers or lowercase constants; `%` line comments) and plain edge lists
//! (`u v` or `u v k` per line, `#` comments). The result is exactly what the Python readers of
//! `escapology.nemesis.io` build (vertex order, edge order and ends, multiplicities added and
//! capped, integers written in canonical form), so that everything downstream numbers vertices and
//! edges the same way.
//!
//! Anything outside that plain form — block comments, intervals, strings, other facts, a
//! self-loop, an exit naming an unknown vertex, a second start, a bad multiplicity, attribute
//! dictionaries — is [`Outcome::Declined`]: the Python reader then reads the file and reports the
//! mistake with its line. Only sizes above the limits are reported here ([`Outcome::TooLarge`]).

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::Instance;

/// What reading gave.
#[derive(Debug)]
pub enum Outcome {
    Read(Instance),
    /// Not the plain form (or a mistake): read it with the Python reader.
    Declined,
    /// More vertices (`true`) or edges (`false`) than the limits allow.
    TooLarge(bool),
}

/// The limits and the command-line additions (`--exits`, `--start`).
pub struct Options<'a> {
    pub max_vertices: usize,
    pub max_edges: usize,
    pub max_multiplicity: u64,
    pub exits: &'a [String],
    pub start: Option<&'a str>,
}

/// A fast hasher for short keys (vertex names, pairs of indices): eight bytes at a time, mixed by
/// a multiplication, with the 64-bit finaliser of MurmurHash3 so that every output bit depends on
/// every input bit (the hash table uses both the low and the high bits). Not meant to resist
/// chosen collisions: an instance file only slows down its own reading.
#[derive(Default)]
struct Mix(u64);

impl Mix {
    fn add(&mut self, word: u64) {
        self.0 = (self.0 ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
}

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64 | 0x100);
    }
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

/// The facts of one file, names not yet numbered.
#[derive(Default)]
struct Facts<'a> {
    vertices: Vec<Cow<'a, str>>,
    edges: Vec<(Cow<'a, str>, Cow<'a, str>, u64)>,
    exits: Vec<Cow<'a, str>>,
    starts: Vec<Cow<'a, str>>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// An integer in canonical decimal form (what Python's `str(int(text))` gives), or None when it
/// has more than 18 digits.
fn integer(text: &str) -> Option<Cow<'_, str>> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.len() > 18 {
        return None;
    }
    let canonical = !(digits.len() > 1 && digits.starts_with('0')) && text != "-0";
    if canonical {
        Some(Cow::Borrowed(text))
    } else {
        Some(Cow::Owned(text.parse::<i64>().ok()?.to_string()))
    }
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn skip_space(&mut self) {
        let b = self.bytes();
        while self.pos < b.len() && is_space(b[self.pos]) {
            self.pos += 1;
        }
    }

    /// White space and `%` line comments; false on a block comment.
    fn skip_between_facts(&mut self) -> bool {
        let b = self.bytes();
        loop {
            self.skip_space();
            if self.pos < b.len() && b[self.pos] == b'%' {
                if b.get(self.pos + 1) == Some(&b'*') {
                    return false;
                }
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                return true;
            }
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.skip_space();
        if self.bytes().get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// A lowercase constant `[a-z_][A-Za-z0-9_']*`.
    fn constant(&mut self) -> Option<&'a str> {
        let b = self.bytes();
        let from = self.pos;
        if from < b.len() && (b[from].is_ascii_lowercase() || b[from] == b'_') {
            let mut to = from + 1;
            while to < b.len() && (b[to].is_ascii_alphanumeric() || b[to] == b'_' || b[to] == b'\'')
            {
                to += 1;
            }
            self.pos = to;
            Some(&self.text[from..to])
        } else {
            None
        }
    }

    /// An argument: an integer (canonical form) or a constant; `(name, is_integer)`.
    fn atom(&mut self) -> Option<(Cow<'a, str>, bool)> {
        self.skip_space();
        let b = self.bytes();
        let from = self.pos;
        let mut to = from + usize::from(b.get(from) == Some(&b'-'));
        let digits_from = to;
        while to < b.len() && b[to].is_ascii_digit() {
            to += 1;
        }
        if to > digits_from {
            self.pos = to;
            return Some((integer(&self.text[from..to])?, true));
        }
        if to > from {
            return None; // a lone '-'
        }
        self.constant().map(|c| (Cow::Borrowed(c), false))
    }
}

/// Read ASP facts of the plain form (module docs).
pub fn read_facts(text: &str, options: &Options<'_>) -> Outcome {
    match scan_facts(text) {
        Some(facts) => build(facts, options),
        None => Outcome::Declined,
    }
}

fn scan_facts(text: &str) -> Option<Facts<'_>> {
    let mut facts = Facts::default();
    let mut c = Cursor { text, pos: 0 };
    loop {
        if !c.skip_between_facts() {
            return None;
        }
        if c.pos >= text.len() {
            return Some(facts);
        }
        let name = c.constant()?;
        if !c.eat(b'(') {
            return None;
        }
        let mut args: [(Cow<'_, str>, bool); 3] = Default::default();
        let mut arity = 0;
        loop {
            if arity == 3 {
                return None;
            }
            args[arity] = c.atom()?;
            arity += 1;
            if c.eat(b')') {
                break;
            }
            if !c.eat(b',') {
                return None;
            }
        }
        if !c.eat(b'.') || c.bytes().get(c.pos) == Some(&b'.') {
            return None;
        }
        let [a, b, k] = args;
        match (name, arity) {
            ("edge", 2) => facts.edges.push((a.0, b.0, 1)),
            ("edge", 3) => {
                if !k.1 {
                    return None;
                }
                let k: u64 = k.0.parse().ok().filter(|&k| k >= 1)?;
                facts.edges.push((a.0, b.0, k));
            }
            ("vertex", 1) => facts.vertices.push(a.0),
            ("exit", 1) => facts.exits.push(a.0),
            ("start", 1) => facts.starts.push(a.0),
            _ => return None,
        }
    }
}

/// Read a plain edge list (module docs): names are the white-space separated words as written.
pub fn read_edge_list(text: &str, options: &Options<'_>) -> Outcome {
    // Python splits lines and words at more characters than these: leave such files to it
    let b = text.as_bytes();
    let odd_break = |i: usize| b[i] == b'\r' && b.get(i + 1) != Some(&b'\n');
    if (0..b.len()).any(|i| matches!(b[i], 0x0b | 0x0c | 0x1c..=0x1f) || odd_break(i)) {
        return Outcome::Declined;
    }
    let mut facts = Facts::default();
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("");
        let mut words = line.split_ascii_whitespace();
        let Some(u) = words.next() else { continue };
        let Some(v) = words.next() else {
            return Outcome::Declined;
        };
        let k = match words.next() {
            None => 1,
            Some(k) => match k.trim().parse::<u64>() {
                Ok(k) if k >= 1 && words.next().is_none() => k,
                _ => return Outcome::Declined,
            },
        };
        if !line.is_ascii() && line.chars().any(|ch| ch.is_whitespace() && !ch.is_ascii()) {
            return Outcome::Declined; // Python splits on Unicode white space too
        }
        facts.edges.push((Cow::Borrowed(u), Cow::Borrowed(v), k));
    }
    build(facts, options)
}

/// A canonical non-negative integer name below 2^32, as a number.
fn small_integer(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    if b.is_empty()
        || b.len() > 10
        || !b.iter().all(u8::is_ascii_digit)
        || (b.len() > 1 && b[0] == b'0')
    {
        return None;
    }
    name.parse::<u32>().ok().map(|v| v as usize)
}

/// Vertex numbering in the order of first appearance: a direct table when every name is a small
/// non-negative integer (the common case: no hashing, few cache misses), else a hash map.
enum Numbering<'a> {
    Dense(Vec<u32>),
    Hashed(FastMap<Cow<'a, str>, u32>),
}

impl<'a> Numbering<'a> {
    fn new(facts: &Facts<'a>) -> Self {
        let count = facts.vertices.len() + 2 * facts.edges.len();
        let ends = facts.edges.iter().flat_map(|(a, b, _)| [a, b]);
        let mut largest = 0usize;
        for name in facts.vertices.iter().chain(ends) {
            match small_integer(name) {
                Some(v) if v <= 4 * count + 1024 => largest = largest.max(v),
                _ => {
                    let map = FastMap::with_capacity_and_hasher(count / 2 + 1, Default::default());
                    return Numbering::Hashed(map);
                }
            }
        }
        Numbering::Dense(vec![NONE; largest + 1])
    }

    fn get(&self, name: &str) -> Option<u32> {
        match self {
            Numbering::Dense(table) => small_integer(name)
                .and_then(|v| table.get(v).copied())
                .filter(|&i| i != NONE),
            Numbering::Hashed(map) => map.get(name).copied(),
        }
    }

    fn add(&mut self, name: Cow<'a, str>, names: &mut Vec<String>) -> u32 {
        let next = names.len() as u32;
        let slot = match self {
            Numbering::Dense(table) => {
                let v = small_integer(&name).expect("checked when the table was made");
                &mut table[v]
            }
            Numbering::Hashed(map) => map.entry(name.clone()).or_insert(NONE),
        };
        if *slot == NONE {
            *slot = next;
            names.push(name.to_string());
        }
        *slot
    }
}

const NONE: u32 = u32::MAX;

fn build<'a>(facts: Facts<'a>, options: &Options<'_>) -> Outcome {
    let mut numbering = Numbering::new(&facts);
    let mut names: Vec<String> = Vec::new();
    for v in &facts.vertices {
        numbering.add(v.clone(), &mut names);
    }
    // each edge fact's ends, ordered as Instance.key orders the names
    let mut fact_ends: Vec<(u32, u32)> = Vec::with_capacity(facts.edges.len());
    for (a, b, k) in &facts.edges {
        if a == b || *k > options.max_multiplicity {
            return Outcome::Declined;
        }
        let (u, v) = (
            numbering.add(a.clone(), &mut names),
            numbering.add(b.clone(), &mut names),
        );
        fact_ends.push(if a.as_ref() <= b.as_ref() {
            (u, v)
        } else {
            (v, u)
        });
        if names.len() > options.max_vertices {
            return Outcome::TooLarge(true);
        }
    }
    // the same pair again adds to the first fact's edge: group equal pairs by sorting
    let key = |(u, v): (u32, u32)| (u as u64) << 32 | v as u64;
    let mut order: Vec<(u64, u32)> = fact_ends
        .iter()
        .enumerate()
        .map(|(i, &ends)| (key(ends), i as u32))
        .collect();
    order.sort_unstable();
    let mut first = vec![0u32; fact_ends.len()];
    for group in order.chunk_by(|x, y| x.0 == y.0) {
        for &(_, i) in group {
            first[i as usize] = group[0].1;
        }
    }
    drop(order);
    let mut edge_of_fact = vec![0u32; fact_ends.len()];
    let mut ends: Vec<(u32, u32)> = Vec::new();
    let mut mult: Vec<u64> = Vec::new();
    for (i, (&pair, (_, _, k))) in fact_ends.iter().zip(&facts.edges).enumerate() {
        let e = if first[i] as usize == i {
            ends.push(pair);
            mult.push(0);
            if ends.len() > options.max_edges {
                return Outcome::TooLarge(false);
            }
            ends.len() - 1
        } else {
            edge_of_fact[first[i] as usize] as usize
        };
        edge_of_fact[i] = e as u32;
        mult[e] = (mult[e] + k).min(options.max_multiplicity);
    }
    let mut is_exit = vec![false; names.len()];
    let extra = options.exits.iter().map(String::as_str);
    for x in facts.exits.iter().map(AsRef::as_ref).chain(extra) {
        match numbering.get(x) {
            Some(i) => is_exit[i as usize] = true,
            None => return Outcome::Declined,
        }
    }
    let mut start: Option<u32> = None;
    for s in &facts.starts {
        match numbering.get(s) {
            Some(i) if start.is_none_or(|j| j == i) => start = Some(i),
            _ => return Outcome::Declined,
        }
    }
    if let Some(s) = options.start {
        match numbering.get(s) {
            Some(i) => start = Some(i),
            None => return Outcome::Declined,
        }
    }
    drop(numbering);
    match Instance::new(names, ends, mult, is_exit, start) {
        Ok(g) => Outcome::Read(g),
        // the reader numbered every end and refused self-loops: only the size is left to refuse
        Err(_) => Outcome::TooLarge(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options<'static> {
        Options {
            max_vertices: 100,
            max_edges: 100,
            max_multiplicity: 1_000_000_000,
            exits: &[],
            start: None,
        }
    }

    #[test]
    fn reads_the_plain_form_in_python_order() {
        let text =
            "% a comment\nedge(s,a). edge(a,x,2). edge(x, a).\nvertex(z). exit(x). start(s).";
        let Outcome::Read(g) = read_facts(text, &options()) else {
            panic!("declined")
        };
        assert_eq!(g.names, ["z", "s", "a", "x"]);
        assert_eq!(g.ends, [(2, 1), (2, 3)]);
        assert_eq!(g.mult, [1, 3]);
        assert_eq!(g.start, Some(1));
        assert!(g.is_exit[3]);
        assert_eq!(g.adj(2), [(1, 0), (3, 1)]);
    }

    #[test]
    fn integers_are_canonical() {
        let Outcome::Read(g) = read_facts("edge(007,-0). exit(7). start(0).", &options()) else {
            panic!("declined")
        };
        assert_eq!(g.names, ["7", "0"]);
    }

    #[test]
    fn declines_what_python_reports() {
        for text in [
            "edge(a,a). exit(a). start(a).",
            "edge(a,b). exit(c). start(a).",
            "edge(a,b). exit(b). start(a). start(b).",
            "edge(a,b,0). exit(b). start(a).",
            "edge(1..2,3). exit(3). start(1).",
            "%* block *% edge(a,b). exit(b). start(a).",
            "edge(a,b). roll(a). start(a).",
            "edge(\"a\",b). exit(b). start(a).",
            "edge(A,b). exit(b). start(b).",
        ] {
            assert!(
                matches!(read_facts(text, &options()), Outcome::Declined),
                "{text}"
            );
        }
    }

    #[test]
    fn edge_lists() {
        let Outcome::Read(g) = read_edge_list("s a\n# c\na x 2\nx a\n", &options()) else {
            panic!("declined")
        };
        assert_eq!(g.names, ["s", "a", "x"]);
        assert_eq!(g.mult, [1, 3]);
        assert!(matches!(
            read_edge_list("a b {'k': 2}\n", &options()),
            Outcome::Declined
        ));
    }
}
