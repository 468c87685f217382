//! Trees (Lemma 11 / Theorem 1) and the fugitive's strategy along a binary escape tree: the
//! algorithms of `escapology.nemesis.engines.linear.tree_winner`, `tree_nemesis_strategy` and
//! `escapology.nemesis.engines.escape_tree.escape_tree_strategy`, step for step (same iteration orders,
//! hence the same documents), on explicit stacks.

use super::document::{Document, Finished};
use super::Instance;

const NONE: u32 = u32::MAX;

/// Why a graph is outside the class of an algorithm.
#[derive(Debug, PartialEq, Eq)]
pub struct NotApplicable(pub &'static str);

/// The two children of each internal vertex of a binary escape tree, with the edges to them (an
/// exit may be both children when its edge has two copies).
pub type Kids = Vec<[(u32, u32); 2]>;

/// Unless the non-exit part (exits split) is a forest: why not.
pub fn check_forest(g: &Instance) -> Result<(), NotApplicable> {
    let mut parent: Vec<u32> = (0..g.n() as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    for (e, &(a, b)) in g.ends.iter().enumerate() {
        if g.exit(a) || g.exit(b) {
            continue;
        }
        if g.mult[e] > 1 {
            return Err(NotApplicable(
                "a multiple edge between non-exit vertices is a cycle",
            ));
        }
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        if ra == rb {
            return Err(NotApplicable(
                "the graph is not a tree (the non-exit part has a cycle)",
            ));
        }
        parent[ra as usize] = rb;
    }
    Ok(())
}

/// Rooted at `s`: the DFS preorder with parents, each vertex's non-exit children and good
/// branches `(child, edge)` (an exit once per copy, at most twice) as ranges of flat lists, and
/// whether it is good (at least two good branches).
struct Rooted {
    children_at: Vec<(u32, u32)>,
    children: Vec<u32>,
    branches_at: Vec<(u32, u32)>,
    branches: Vec<(u32, u32)>,
    good: Vec<bool>,
}

impl Rooted {
    fn children(&self, v: u32) -> &[u32] {
        let (from, len) = self.children_at[v as usize];
        &self.children[from as usize..(from + len) as usize]
    }

    fn branches(&self, v: u32) -> &[(u32, u32)] {
        let (from, len) = self.branches_at[v as usize];
        &self.branches[from as usize..(from + len) as usize]
    }

    /// `_good_vertices` of the Python module.
    fn new(g: &Instance, s: u32) -> Rooted {
        let n = g.n();
        let mut order = Vec::new();
        let mut stack = vec![(s, NONE)];
        let mut seen = vec![false; n];
        seen[s as usize] = true;
        let mut children_at = vec![(0u32, 0u32); n];
        let mut children = Vec::new();
        while let Some((v, p)) = stack.pop() {
            order.push((v, p));
            let from = children.len() as u32;
            for &(w, _) in g.adj(v) {
                if !g.exit(w) && w != p && !seen[w as usize] {
                    seen[w as usize] = true;
                    children.push(w);
                    stack.push((w, v));
                }
            }
            children_at[v as usize] = (from, children.len() as u32 - from);
        }
        let mut good = vec![false; n];
        let mut branches_at = vec![(0u32, 0u32); n];
        let mut branches = Vec::new();
        for &(v, p) in order.iter().rev() {
            let from = branches.len() as u32;
            for &(w, e) in g.adj(v) {
                if g.exit(w) {
                    for _ in 0..g.mult[e as usize].min(2) {
                        branches.push((w, e));
                    }
                } else if w != p && good[w as usize] {
                    branches.push((w, e));
                }
            }
            let len = branches.len() as u32 - from;
            branches_at[v as usize] = (from, len);
            good[v as usize] = len >= 2;
        }
        Rooted {
            children_at,
            children,
            branches_at,
            branches,
            good,
        }
    }
}

/// The winner on a tree from `s` with the winner's strategy (`tree_winner`): the fugitive's
/// along a binary escape tree, or the Nemesis' (`tree_nemesis_strategy`).
pub fn tree_winner(g: &Instance, s: u32) -> Result<(bool, Finished), NotApplicable> {
    check_forest(g)?;
    if g.exit(s) {
        let mut doc = Document::new(g, true);
        let root = doc.leaf(s);
        return Ok((true, doc.finish(root)));
    }
    let rooted = Rooted::new(g, s);
    if let Some(&(w, _)) = g.adj(s).iter().find(|&&(w, _)| g.exit(w)) {
        let mut doc = Document::new(g, true);
        let x = doc.leaf(w);
        let root = doc.fugitive(s, x, &[]);
        return Ok((true, doc.finish(root)));
    }
    if let Some(&(w, _)) = g.adj(s).iter().find(|&&(w, _)| rooted.good[w as usize]) {
        let mut kids: Kids = vec![[(NONE, NONE); 2]; g.n()];
        let mut stack = vec![w];
        while let Some(v) = stack.pop() {
            let br = rooted.branches(v);
            kids[v as usize] = [br[0], br[1]];
            for &(x, _) in &br[..2] {
                if !g.exit(x) {
                    stack.push(x);
                }
            }
        }
        return Ok((true, escape_tree_strategy(g, s, w, &kids)));
    }
    Ok((false, tree_nemesis_strategy(g, s, &rooted)))
}

/// The Nemesis' strategy on a tree when no neighbour of `s` is good or an exit: one node per
/// vertex below `s`, in post-order; at `w` she deletes its first good branch's edge, else its
/// first edge.
fn tree_nemesis_strategy(g: &Instance, s: u32, rooted: &Rooted) -> Finished {
    let mut doc = Document::new(g, false);
    let mut ids = vec![0usize; g.n()];
    let mut stack = vec![(s, false)];
    let mut answers: Vec<(usize, Option<u32>)> = Vec::new();
    while let Some((v, expanded)) = stack.pop() {
        if !expanded {
            stack.push((v, true));
            stack.extend(rooted.children(v).iter().map(|&c| (c, false)));
            continue;
        }
        answers.clear();
        for &c in rooted.children(v) {
            let deletion = match rooted.branches(c).first() {
                Some(&(_, e)) => Some(e),
                None => g.adj(c).first().map(|&(_, e)| e),
            };
            answers.push((ids[c as usize], deletion));
        }
        ids[v as usize] = doc.nemesis(v, &answers);
    }
    let root = ids[s as usize];
    doc.finish(root)
}

/// The fugitive's strategy of Lemma 11 (`escape_tree_strategy`): from `start` he moves to `first`,
/// the root of the binary escape tree `kids`; at `u` with children `a`, `b` (`a` the smaller
/// branch) he moves to `a` unless the Nemesis has just deleted an edge of `a`'s branch, then to
/// `b`. Post-order on an explicit stack; the replies list the smaller branch (O(n log n)).
pub fn escape_tree_strategy(g: &Instance, start: u32, first: u32, kids: &Kids) -> Finished {
    let n = g.n();
    let mut doc = Document::new(g, true);
    let mut node_of = vec![usize::MAX; n];
    let mut size = vec![0u64; n];
    let mut listed = vec![u32::MAX; g.ends.len()];
    let mut branch: Vec<u32> = Vec::new();
    let mut replies: Vec<(u32, usize)> = Vec::new();
    let mut inner: Vec<u32> = Vec::new();
    let exit_node = |v: u32, doc: &mut Document<'_>, node_of: &mut Vec<usize>| -> usize {
        if g.exit(v) && node_of[v as usize] == usize::MAX {
            node_of[v as usize] = doc.leaf(v);
        }
        node_of[v as usize]
    };
    let mut stack = vec![(first, false)];
    while let Some((u, expanded)) = stack.pop() {
        if g.exit(u) {
            exit_node(u, &mut doc, &mut node_of);
            continue;
        }
        let [ka, kb] = kids[u as usize];
        if !expanded {
            stack.push((u, true));
            for (c, _) in [ka, kb] {
                if !g.exit(c) {
                    stack.push((c, false));
                }
            }
            continue;
        }
        let key = |c: u32| if g.exit(c) { 0 } else { 1 + size[c as usize] };
        let (key_a, key_b) = (key(ka.0), key(kb.0));
        let ((a, ea), (b, _)) = if key_b < key_a { (kb, ka) } else { (ka, kb) };
        // an exit child counts one edge, an inner child its edge and its branch
        size[u as usize] = key_a.max(1) + key_b.max(1);
        let otherwise = exit_node(a, &mut doc, &mut node_of);
        replies.clear();
        if !(a == b && g.exit(a)) {
            branch.clear();
            branch.push(ea);
            if !g.exit(a) {
                inner.push(a);
            }
            while let Some(v) = inner.pop() {
                for (c, e) in kids[v as usize] {
                    branch.push(e);
                    if !g.exit(c) {
                        inner.push(c);
                    }
                }
            }
            let target = exit_node(b, &mut doc, &mut node_of);
            for &e in &branch {
                if listed[e as usize] != u {
                    listed[e as usize] = u;
                    replies.push((e, target));
                }
            }
        }
        node_of[u as usize] = doc.fugitive(u, otherwise, &replies);
    }
    let to = exit_node(first, &mut doc, &mut node_of);
    let root = doc.fugitive(start, to, &[]);
    doc.finish(root)
}
