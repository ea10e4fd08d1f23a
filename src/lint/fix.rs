//! Applying fixes: byte-range edits of the original text, every other byte kept; written to
//! disk atomically (a temporary file in the folder of the file itself, then a rename), through
//! symbolic links and with the file's permissions kept.

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
    let taken = taken(text, fixes);
    let mut edits: Vec<&Edit> = taken.iter().flat_map(|&i| &fixes[i].edits).collect();
    (splice(text, 0, &mut edits), taken.len())
}

/// The fixes [`apply`] makes, as indices into `fixes`: those whose edits fit the text and do
/// not conflict with each other or with an earlier fix (in text order).
pub(crate) fn taken(text: &str, fixes: &[&Fix]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..fixes.len()).collect();
    order.sort_by_key(|&i| fixes[i].edits.first().map(|e| (e.span.start, e.span.end)));
    let mut edits: Vec<&Edit> = Vec::new();
    let mut out = Vec::new();
    for i in order {
        let fix = fixes[i];
        let ok = fix.edits.iter().all(|e| {
            e.span.start <= e.span.end
                && e.span.end <= text.len()
                && text.is_char_boundary(e.span.start)
                && text.is_char_boundary(e.span.end)
                && !edits.iter().any(|t| conflict(t, e))
        }) && !fix
            .edits
            .iter()
            .enumerate()
            .any(|(i, a)| fix.edits[i + 1..].iter().any(|b| conflict(a, b)));
        if ok {
            edits.extend(fix.edits.iter());
            out.push(i);
        }
    }
    out
}

/// `text` (whose first byte is at offset `base` of the file) with the edits made: they lie
/// inside it and do not overlap.
pub(crate) fn splice(text: &str, base: usize, edits: &mut [&Edit]) -> String {
    edits.sort_by_key(|e| e.span.start);
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for e in edits.iter() {
        out.push_str(&text[at..e.span.start - base]);
        out.push_str(&e.replacement);
        at = e.span.end - base;
    }
    out.push_str(&text[at..]);
    out
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

/// Writes `bytes` to `path` atomically: a temporary file beside the file `path` names (through
/// any symbolic links, which stay links), with that file's permissions, synced, then renamed
/// over it.
///
/// # Errors
/// When the path cannot be resolved, or the temporary file cannot be written or renamed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // The file itself, not a link to it: renaming over a link would replace the link.
    let target = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.scoresheet-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        // The mode first, so that the text is never readable under a wider one.
        if let Ok(meta) = std::fs::metadata(&target) {
            f.set_permissions(meta.permissions())?;
        }
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, &target)
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

    #[cfg(unix)]
    #[test]
    fn writes_through_a_link_and_keeps_the_mode() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = std::env::temp_dir().join(format!("scoresheet-fix-link-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("book")).unwrap();
        let target = dir.join("book/ch1.md");
        std::fs::write(&target, "old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("ch1.md");
        std::os::unix::fs::symlink("book/ch1.md", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        // No temporary file is left in either folder.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        assert_eq!(std::fs::read_dir(dir.join("book")).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
