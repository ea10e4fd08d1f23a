//! Applying fixes: byte-range edits of the original text, every other byte kept; written to
//! disk atomically (a temporary file in the same folder, then a rename).

use std::io::Write as _;
use std::path::Path;

use crate::lint::diag::{Edit, Fix};

/// Do two edits touch each other (overlap, meet, or insert at the same place)?
fn conflict(a: &Edit, b: &Edit) -> bool {
    a.span.start <= b.span.end && b.span.start <= a.span.end
}

/// Applies the fixes that do not conflict with an earlier one (in text order), each whole or
/// not at all. Returns the new text and how many fixes were applied.
pub fn apply(text: &str, fixes: &[&Fix]) -> (String, usize) {
    let mut sorted: Vec<&Fix> = fixes.to_vec();
    sorted.sort_by_key(|f| f.edits.first().map(|e| (e.span.start, e.span.end)));
    let mut taken: Vec<&Edit> = Vec::new();
    let mut count = 0;
    for fix in sorted {
        let ok = fix.edits.iter().all(|e| {
            e.span.start <= e.span.end
                && e.span.end <= text.len()
                && text.is_char_boundary(e.span.start)
                && text.is_char_boundary(e.span.end)
                && !taken.iter().any(|t| conflict(t, e))
        }) && !fix
            .edits
            .iter()
            .enumerate()
            .any(|(i, a)| fix.edits[i + 1..].iter().any(|b| conflict(a, b)));
        if ok {
            taken.extend(fix.edits.iter());
            count += 1;
        }
    }
    taken.sort_by_key(|e| e.span.start);
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for e in taken {
        out.push_str(&text[at..e.span.start]);
        out.push_str(&e.replacement);
        at = e.span.end;
    }
    out.push_str(&text[at..]);
    (out, count)
}

/// A unified diff of the fix (empty when nothing changes).
pub fn diff(path: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(2)
        .header(
            &format!("a/{}", path.trim_start_matches('/')),
            &format!("b/{}", path.trim_start_matches('/')),
        )
        .to_string()
}

/// Writes `bytes` to `path` atomically: a temporary file beside it (same permissions), synced,
/// then renamed over it.
///
/// # Errors
/// When the temporary file cannot be written or renamed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.scoresheet-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::diag::Applicability;
    use crate::span::Span;

    fn fix(edits: &[(usize, usize, &str)]) -> Fix {
        Fix {
            applicability: Applicability::Safe,
            title: String::new(),
            edits: edits
                .iter()
                .map(|&(s, e, r)| Edit {
                    span: Span::new(s, e),
                    replacement: r.into(),
                })
                .collect(),
        }
    }

    #[test]
    fn applies_edits_and_skips_conflicts() {
        let a = fix(&[(3, 3, "+")]);
        let b = fix(&[(0, 1, "N")]);
        let c = fix(&[(3, 5, "zz")]); // touches a: left for the next round
        let (out, n) = apply("Kf3 e5", &[&a, &b, &c]);
        assert_eq!(out, "Nf3+ e5");
        assert_eq!(n, 2);
    }

    #[test]
    fn writes_atomically() {
        let dir = std::env::temp_dir().join(format!("scoresheet-fix-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.md");
        std::fs::write(&p, "old").unwrap();
        write_atomic(&p, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
