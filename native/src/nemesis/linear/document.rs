//! Strategy documents (format `nemesis-strategy`, version 1; see `escapology.nemesis.strategy.document`)
//! written straight to JSON text, node after node, exactly as Python's
//! `json.dumps(doc, separators=(", ", ": "), ensure_ascii=False)` writes them.

use super::Instance;

/// Append `s` as a JSON string (only `"`, `\` and control characters are escaped).
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push_str(s);
    } else {
        for ch in s.chars() {
            match ch {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{8}' => out.push_str("\\b"),
                '\u{c}' => out.push_str("\\f"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
    }
    out.push('"');
}

/// Append the decimal digits of `k` (no allocation).
pub fn push_usize(out: &mut String, mut k: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (k % 10) as u8;
        k /= 10;
        if k == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).expect("ASCII digits"));
}

/// A list of names as a JSON array.
pub fn name_list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::from("[");
    for (i, name) in names.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_str(&mut out, name);
    }
    out.push(']');
    out
}

/// A document under construction: the JSON text of its nodes so far and, for the principal line,
/// each node's vertex and first successor (with the deletion that leads there, Nemesis side).
pub struct Document<'g> {
    g: &'g Instance,
    fugitive: bool,
    nodes: String,
    count: usize,
    at: Vec<u32>,
    first: Vec<Option<(usize, Option<u32>)>>,
}

impl<'g> Document<'g> {
    pub fn new(g: &'g Instance, fugitive: bool) -> Self {
        Document {
            g,
            fugitive,
            nodes: String::new(),
            count: 0,
            at: Vec::new(),
            first: Vec::new(),
        }
    }

    fn open(&mut self, v: u32) -> usize {
        if self.count > 0 {
            self.nodes.push_str(", ");
        }
        self.nodes.push_str("{\"at\": ");
        push_str(&mut self.nodes, &self.g.names[v as usize]);
        self.at.push(v);
        self.count += 1;
        self.count - 1
    }

    fn edge(out: &mut String, g: &Instance, e: u32) {
        let (a, b) = g.ends[e as usize];
        push_str(out, &g.names[a as usize]);
        out.push_str(", ");
        push_str(out, &g.names[b as usize]);
    }

    /// `{"at": v}` (an exit, or the fugitive on the start of a won game); its id.
    pub fn leaf(&mut self, v: u32) -> usize {
        let id = self.open(v);
        self.nodes.push('}');
        self.first.push(None);
        id
    }

    /// A fugitive node `{"at": v, "otherwise": k, "replies": [[a, b, t], ...]}` (no replies key
    /// when there are none); its id.
    pub fn fugitive(&mut self, v: u32, otherwise: usize, replies: &[(u32, usize)]) -> usize {
        let id = self.open(v);
        self.nodes.push_str(", \"otherwise\": ");
        push_usize(&mut self.nodes, otherwise);
        if !replies.is_empty() {
            self.nodes.push_str(", \"replies\": [");
            for (i, &(e, t)) in replies.iter().enumerate() {
                if i > 0 {
                    self.nodes.push_str(", ");
                }
                self.nodes.push('[');
                Self::edge(&mut self.nodes, self.g, e);
                self.nodes.push_str(", ");
                push_usize(&mut self.nodes, t);
                self.nodes.push(']');
            }
            self.nodes.push(']');
        }
        self.nodes.push('}');
        self.first.push(Some((otherwise, None)));
        id
    }

    /// A Nemesis node `{"at": v, "answers": [[k, a, b], ...]}` (`[k]` when no deletion); its id.
    pub fn nemesis(&mut self, v: u32, answers: &[(usize, Option<u32>)]) -> usize {
        let id = self.open(v);
        self.nodes.push_str(", \"answers\": [");
        for (i, &(k, e)) in answers.iter().enumerate() {
            if i > 0 {
                self.nodes.push_str(", ");
            }
            self.nodes.push('[');
            push_usize(&mut self.nodes, k);
            if let Some(e) = e {
                self.nodes.push_str(", ");
                Self::edge(&mut self.nodes, self.g, e);
            }
            self.nodes.push(']');
        }
        self.nodes.push_str("]}");
        self.first.push(answers.first().copied());
        id
    }

    /// The finished document: its JSON text, node count and principal line (what
    /// `escapology.nemesis.strategy.document.principal_line` gives).
    pub fn finish(self, root: usize) -> Finished {
        let player = if self.fugitive { "fugitive" } else { "nemesis" };
        let mut text = String::with_capacity(120);
        text.push_str("{\"format\": \"nemesis-strategy\", \"version\": 1, \"player\": \"");
        text.push_str(player);
        text.push_str("\", \"root\": ");
        push_usize(&mut text, root);
        text.push_str(", \"nodes\": [");
        // the nodes' text is the bulk: put the head in front of it rather than copy it
        let mut body = self.nodes;
        body.insert_str(0, &text);
        body.push_str("]}");
        let text = body;
        let mut line = Vec::new();
        let mut i = root;
        for _ in 0..=self.count {
            let Some((next, deletion)) = self.first[i] else {
                break;
            };
            let mut step = self.g.names[self.at[next] as usize].clone();
            if let Some(e) = deletion {
                let (a, b) = self.g.ends[e as usize];
                step = format!(
                    "{step} (delete {}-{})",
                    self.g.names[a as usize], self.g.names[b as usize]
                );
            }
            line.push(step);
            i = next;
        }
        Finished {
            json: text,
            nodes: self.count,
            principal_line: line,
        }
    }
}

/// A written document.
pub struct Finished {
    pub json: String,
    pub nodes: usize,
    pub principal_line: Vec<String>,
}
