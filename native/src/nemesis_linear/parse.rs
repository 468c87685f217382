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

use super::graph::Graph;

/// What reading gave.
#[derive(Debug)]
pub enum Outcome {
    Read(Graph),
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

/// FNV-1a: vertex names are short and trusted to come from one file.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

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
            while to < b.len() && (b[to].is_ascii_alphanumeric() || b[to] == b'_' || b[to] == b'\'') {
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

fn build<'a>(facts: Facts<'a>, options: &Options<'_>) -> Outcome {
    let mut index: FastMap<Cow<'a, str>, u32> = FastMap::default();
    let mut names: Vec<String> = Vec::new();
    let mut add = |v: &Cow<'a, str>, names: &mut Vec<String>| -> u32 {
        if let Some(&i) = index.get(v.as_ref()) {
            return i;
        }
        let i = names.len() as u32;
        index.insert(v.clone(), i);
        names.push(v.to_string());
        i
    };
    for v in &facts.vertices {
        add(v, &mut names);
    }
    let mut edge_of: FastMap<(u32, u32), u32> = FastMap::default();
    let mut ends: Vec<(u32, u32)> = Vec::new();
    let mut mult: Vec<u64> = Vec::new();
    for (a, b, k) in &facts.edges {
        if a == b || *k > options.max_multiplicity {
            return Outcome::Declined;
        }
        let (u, v) = (add(a, &mut names), add(b, &mut names));
        let key = if a.as_ref() <= b.as_ref() {
            (u, v)
        } else {
            (v, u)
        };
        let e = *edge_of.entry(key).or_insert_with(|| {
            ends.push(key);
            mult.push(0);
            (ends.len() - 1) as u32
        });
        mult[e as usize] = (mult[e as usize] + k).min(options.max_multiplicity);
        if names.len() > options.max_vertices || ends.len() > options.max_edges {
            break;
        }
    }
    if names.len() > options.max_vertices {
        return Outcome::TooLarge(true);
    }
    if ends.len() > options.max_edges {
        return Outcome::TooLarge(false);
    }
    let mut is_exit = vec![false; names.len()];
    let extra = options.exits.iter().map(|x| Cow::Borrowed(x.as_str()));
    for x in facts.exits.iter().cloned().chain(extra) {
        match index.get(x.as_ref()) {
            Some(&i) => is_exit[i as usize] = true,
            None => return Outcome::Declined,
        }
    }
    let mut start: Option<u32> = None;
    for s in &facts.starts {
        match index.get(s.as_ref()) {
            Some(&i) if start.is_none_or(|j| j == i) => start = Some(i),
            _ => return Outcome::Declined,
        }
    }
    if let Some(s) = options.start {
        match index.get(s) {
            Some(&i) => start = Some(i),
            None => return Outcome::Declined,
        }
    }
    drop(index);
    Outcome::Read(Graph::new(names, ends, mult, is_exit, start))
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
        let text = "% a comment\nedge(s,a). edge(a,x,2). edge(x, a).\nvertex(z). exit(x). start(s).";
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
            assert!(matches!(read_facts(text, &options()), Outcome::Declined), "{text}");
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
