//! Reading game-record files that may be compressed. Finished runs are kept in results/ as
//! `games.jsonl.gz` (the repository stays light); every command that reads records (the arena's
//! resume and merge, replay, export, the tuners) reads them through here, so a path to
//! `games.jsonl` finds its `.gz` twin when the plain file is absent, and a gzip file is read by
//! its magic bytes whatever its name.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The first two bytes of every gzip stream (RFC 1952).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// `path` plus `.gz`.
pub fn gz_twin(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".gz");
    PathBuf::from(name)
}

/// The file that holds what `path` names: `path` itself, or its `.gz` twin when only that
/// exists. None when neither does.
pub fn resolve(path: &Path) -> Option<PathBuf> {
    if path.exists() {
        return Some(path.to_path_buf());
    }
    let twin = gz_twin(path);
    twin.exists().then_some(twin)
}

/// The bytes of the file `path` names (see `resolve`), decompressed when it is gzip. `Ok(None)`
/// when neither the file nor its twin exists; other failures name the file.
pub fn read_bytes(path: &Path) -> Result<Option<Vec<u8>>, String> {
    let Some(file) = resolve(path) else {
        return Ok(None);
    };
    let raw = std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    if !raw.starts_with(&GZIP_MAGIC) {
        return Ok(Some(raw));
    }
    let mut out = Vec::with_capacity(raw.len() * 8);
    flate2::read::MultiGzDecoder::new(&raw[..])
        .read_to_end(&mut out)
        .map_err(|e| format!("{}: not a readable gzip file: {e}", file.display()))?;
    Ok(Some(out))
}

/// The text of the file `path` names, as `read_bytes`, with an error for a missing file or for
/// bytes that are not UTF-8.
pub fn read_text(path: &Path) -> Result<String, String> {
    let bytes = read_bytes(path)?.ok_or_else(|| {
        format!(
            "cannot read {}: no such file (nor {})",
            path.display(),
            gz_twin(path).display()
        )
    })?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not UTF-8 text at byte {}",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn dir(tag: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("boardlab-record-file-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        enc.write_all(bytes).unwrap();
        enc.finish().unwrap()
    }

    #[test]
    fn plain_gzip_and_the_gz_twin_read_the_same() {
        let d = dir("twin");
        let text = "{\"a\":1}\n{\"a\":2}\n";
        let plain = d.join("plain.jsonl");
        std::fs::write(&plain, text).unwrap();
        assert_eq!(read_text(&plain).unwrap(), text);
        // Only the twin exists: the plain name finds it.
        let named = d.join("games.jsonl");
        std::fs::write(gz_twin(&named), gzip(text.as_bytes())).unwrap();
        assert_eq!(read_text(&named).unwrap(), text);
        assert_eq!(resolve(&named).unwrap(), gz_twin(&named));
        // A gzip file under any name is read by its magic bytes.
        let odd = d.join("odd.txt");
        std::fs::write(&odd, gzip(text.as_bytes())).unwrap();
        assert_eq!(read_text(&odd).unwrap(), text);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn missing_truncated_and_binary_files_are_errors_naming_the_file() {
        let d = dir("bad");
        let missing = d.join("none.jsonl");
        assert_eq!(read_bytes(&missing).unwrap(), None);
        assert!(read_text(&missing).unwrap_err().contains("none.jsonl"));
        let cut = d.join("cut.jsonl.gz");
        let z = gzip(b"{\"a\":1}\n".repeat(100).as_slice());
        std::fs::write(&cut, &z[..z.len() / 2]).unwrap();
        let e = read_bytes(&cut).unwrap_err();
        assert!(e.contains("cut.jsonl.gz") && e.contains("gzip"), "{e}");
        let binary = d.join("binary.jsonl");
        std::fs::write(&binary, [b'{', 0xff, 0xfe, b'}']).unwrap();
        let e = read_text(&binary).unwrap_err();
        assert!(e.contains("not UTF-8 text at byte 1"), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }
}
