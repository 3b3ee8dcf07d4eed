//! Measured path choice: keys that group nearby shapes, the decisions, and their file.
//!
//! A decision is keyed by the adapter and by what decides a path's speed: element type, layout,
//! channels, taps per axis and the sizes rounded up to powers of two. It is kept in memory and,
//! when the caller names a file, persisted there under the crate version, the adapter and a
//! checksum of the candidate kernels, so that another version, another GPU or a changed kernel
//! set measures again. Only measured decisions are written.

use std::collections::BTreeMap;
use std::path::{Path as FsPath, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::ResizeError;
use crate::gpu::Kernel;
use crate::plan::Path;
use crate::spec::{Layout, ResizeSpec};
use crate::timing::Samples;
use crate::weights::AxisWeights;

/// Identifies the adapter a decision was measured on.
pub fn adapter_key(info: &wgpu::AdapterInfo) -> String {
    format!(
        "{:?}|{:04x}:{:04x}|{}|{}|{}",
        info.backend, info.vendor, info.device, info.name, info.driver, info.driver_info
    )
}

/// The key under which a spec's decision is stored: nearby shapes share it.
pub fn spec_key(spec: &ResizeSpec) -> String {
    let (wy, wx) = AxisWeights::for_spec(spec);
    let bucket = |v: u32| v.next_power_of_two();
    // A sub-image's size: what each path reads (the gather in place, the others in a copy).
    let (i, o) = (spec.resized_input(), spec.output());
    format!(
        "{}|{}|c{}|taps{}x{}|in{}x{}|out{}x{}|n{}|r{}|color{}{}{}{}{}",
        spec.element().name(),
        match spec.layout() {
            Layout::Nhwc => "nhwc",
            Layout::Nchw => "nchw",
        },
        spec.channels(),
        wy.taps(),
        wx.taps(),
        bucket(i.height),
        bucket(i.width),
        bucket(o.height),
        bucket(o.width),
        bucket(spec.batch()),
        spec.round_intermediate() as u8,
        spec.linear_light() as u8,
        spec.premultiplied_alpha() as u8,
        // Apart from the same resize in floats, whose decisions it cannot take (other keys
        // are as they were before OpenCV's fixed point).
        if spec.opencv_fixed_point().is_some() {
            "|opencv"
        } else if spec.onnx_linear_u8().is_some() {
            "|onnx-linear"
        } else if spec.rounds_vertical_first() {
            // Pillow 13's vertical-first rounding has no fused kernel.
            "|yfirst"
        } else if spec.color_ends() != (true, true) {
            // A stage of a two-step resize converts colour at one end alone.
            "|stage"
        } else {
            ""
        },
        // Padded outputs' bands keep the kernels that take no row outside the input away.
        if spec.padding().is_none() { "" } else { "|pad" },
        // A sub-image weighs its copy against the gather's reading it in place.
        if spec.cut().is_none() { "" } else { "|cut" },
    )
}

/// Raised whenever a path runs specs differently outside the kernel sources (launch shapes,
/// the separable pass order, the weight tables: 3 since lanczos rows centred on an input are
/// one tap; 4 since tuning times the fused path's tile columns), so that decisions measured
/// before are measured again.
const PLAN_REVISION: u32 = 4;

/// A checksum of the candidate paths and the kernels they run (FNV-1a, stable across builds):
/// a kernel source that changes measures every choice again.
pub fn candidate_checksum() -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    feed(&PLAN_REVISION.to_le_bytes());
    for path in Path::CONCRETE {
        feed(path.name().as_bytes());
    }
    // Every kernel as built with each feature (texture ends, native f16, ...).
    for kernel in Kernel::examples() {
        feed(kernel.source().as_bytes());
    }
    format!("{hash:016x}")
}

/// One candidate's measurement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CandidateTime {
    /// The path.
    pub path: Path,
    /// Median time, µs; `None` when the candidate failed.
    pub median_us: Option<f64>,
    /// Why it failed, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The path cannot run the spec at all on this device (`error` says why), so it was not
    /// timed: as opposed to a path that was tried and failed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unavailable: bool,
    /// The fused path's tile columns that ran fastest, of those tuning timed (its time is
    /// theirs); `None` for other paths.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<TileColumns>,
}

/// The fused kernel's output columns per tile that tuning found fastest, with the input and
/// output widths it measured them at: a decision is shared by nearby shapes, but a tile's
/// columns serve the widths they were timed on (a column more or fewer can move the kernel's
/// time by a tenth), so other widths keep the kernel's own count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileColumns {
    /// Output columns per tile.
    pub columns: u32,
    /// The input width they were measured at.
    pub input_width: u32,
    /// The output width they were measured at.
    pub output_width: u32,
}

impl CandidateTime {
    /// `path`'s candidate from its timing: the samples' median, or the error, a path that
    /// cannot run the spec ([`ResizeError::PathUnavailable`]) marked unavailable.
    pub fn from_timing(path: Path, timing: Result<Samples, ResizeError>) -> Self {
        match timing {
            Ok(samples) => CandidateTime {
                path,
                median_us: Some(samples.median()),
                error: None,
                unavailable: false,
                tile: None,
            },
            Err(ResizeError::PathUnavailable { why, .. }) => CandidateTime {
                path,
                median_us: None,
                error: Some(why),
                unavailable: true,
                tile: None,
            },
            Err(e) => CandidateTime {
                path,
                median_us: None,
                error: Some(e.to_string()),
                unavailable: false,
                tile: None,
            },
        }
    }
}

/// A measured decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The fastest candidate.
    pub path: Path,
    /// Every candidate's time.
    pub candidates: Vec<CandidateTime>,
}

impl Decision {
    /// The decision for a set of measurements: the fastest candidate that ran, or `None` when
    /// none did (such a result is never kept).
    pub fn from_candidates(candidates: Vec<CandidateTime>) -> Option<Self> {
        let path = candidates
            .iter()
            .filter_map(|c| c.median_us.map(|t| (c.path, t)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?
            .0;
        Some(Decision { path, candidates })
    }
}

/// The persisted form: decisions grouped by namespace (crate version, adapter, checksum). Other
/// namespaces are kept as they were read, whatever their version wrote in them.
#[derive(Debug, Default, Serialize, Deserialize)]
struct TuneFile {
    namespaces: BTreeMap<String, serde_json::Value>,
}

/// What a tuning-cache path holds.
enum FileState {
    /// Nothing yet, or nothing at all (an empty file).
    Empty,
    /// A tuning cache.
    Cache(TuneFile),
    /// A file that is not a tuning cache (another JSON, say, named by mistake), which is never
    /// written over; the reason.
    Foreign(String),
    /// A tuning cache cut short or garbled (it opens as one, and is not valid JSON): set aside
    /// beside itself and started afresh, so that one damaged file does not stop every later
    /// save; the reason.
    Damaged(String),
    /// A file that could not be read; the error.
    Unreadable(std::io::Error),
}

impl FileState {
    fn read(path: &FsPath) -> Self {
        match std::fs::read_to_string(path) {
            Ok(text) if text.trim().is_empty() => FileState::Empty,
            Ok(text) => match serde_json::from_str::<TuneFile>(&text) {
                Ok(file) => FileState::Cache(file),
                Err(e) if (e.is_syntax() || e.is_eof()) && opens_as_a_cache(&text) => {
                    FileState::Damaged(e.to_string())
                }
                Err(e) => FileState::Foreign(e.to_string()),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => FileState::Empty,
            Err(e) => FileState::Unreadable(e),
        }
    }
}

/// Whether a text begins as this module writes a tuning cache: an object whose first key is
/// `namespaces`. Only such a text, when it is not valid JSON, is taken for a damaged cache of
/// ours; anything else that fails to parse was never ours and is left alone.
fn opens_as_a_cache(text: &str) -> bool {
    text.trim_start()
        .strip_prefix('{')
        .is_some_and(|rest| rest.trim_start().starts_with("\"namespaces\""))
}

/// Where a damaged cache is set aside: beside it, `.damaged` added to its name (a previous
/// one there is replaced).
fn set_aside_name(path: &FsPath) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".damaged");
    PathBuf::from(name)
}

/// Decisions in memory, with the file they load from and save to.
#[derive(Debug)]
pub(crate) struct TuneCache {
    namespace: String,
    decisions: BTreeMap<String, Decision>,
    loaded: std::collections::BTreeSet<String>,
    file: Option<PathBuf>,
    warnings: Vec<String>,
}

impl TuneCache {
    pub(crate) fn new(adapter: &wgpu::AdapterInfo) -> Self {
        TuneCache {
            namespace: format!(
                "wgpu-resize {}|{}|{}",
                env!("CARGO_PKG_VERSION"),
                adapter_key(adapter),
                candidate_checksum()
            ),
            decisions: BTreeMap::new(),
            loaded: Default::default(),
            file: None,
            warnings: Vec::new(),
        }
    }

    /// Loads decisions of this namespace from `path`. A missing or empty file is an empty
    /// cache. A file that is not a tuning cache (not JSON, or JSON of another shape: a file
    /// named by mistake) is left as it is, and decisions are then kept in memory only; so is
    /// an unreadable one. A cache of this module's own that is damaged (cut short, garbled) is
    /// renamed to `<name>.damaged` and a fresh one is started in its place. Each is said in a
    /// warning.
    pub(crate) fn attach_file(&mut self, path: &FsPath) {
        match FileState::read(path) {
            FileState::Empty => self.file = Some(path.to_path_buf()),
            FileState::Cache(mut file) => {
                self.file = Some(path.to_path_buf());
                let Some(ours) = file.namespaces.remove(&self.namespace) else {
                    return;
                };
                match serde_json::from_value::<BTreeMap<String, Decision>>(ours) {
                    Ok(decisions) => {
                        self.loaded.extend(decisions.keys().cloned());
                        self.decisions.extend(decisions);
                    }
                    // This version's own entry, unreadable: measured again and replaced.
                    Err(e) => self.warnings.push(format!(
                        "tuning cache {}: this version's decisions are unreadable ({e}); \
                         they will be measured again",
                        path.display()
                    )),
                }
            }
            FileState::Foreign(why) => self.warnings.push(format!(
                "{} is not a tuning cache ({why}); it is left as it is, and measured choices \
                 are kept in memory only (remove it, or name another file)",
                path.display()
            )),
            FileState::Damaged(why) => {
                if self.set_aside(path, &why) {
                    self.file = Some(path.to_path_buf());
                }
            }
            FileState::Unreadable(e) => self.warnings.push(format!(
                "tuning cache {} is unreadable ({e}); measured choices are kept in memory only",
                path.display()
            )),
        }
    }

    /// Renames a damaged cache out of the way and says so; where that fails, says that
    /// measured choices stay in memory. Whether the path is free for a fresh cache.
    fn set_aside(&mut self, path: &FsPath, why: &str) -> bool {
        let aside = set_aside_name(path);
        match std::fs::rename(path, &aside) {
            Ok(()) => {
                self.warnings.push(format!(
                    "tuning cache {} was damaged ({why}); it is kept as {} and a fresh cache \
                     is saved in its place",
                    path.display(),
                    aside.display()
                ));
                true
            }
            Err(e) => {
                self.warnings.push(format!(
                    "tuning cache {} is damaged ({why}) and could not be set aside ({e}); \
                     measured choices are kept in memory only",
                    path.display()
                ));
                false
            }
        }
    }

    /// Whether `key`'s decision was read from the file rather than measured in this process.
    pub(crate) fn loaded_from_file(&self, key: &str) -> bool {
        self.loaded.contains(key)
    }

    pub(crate) fn get(&self, key: &str) -> Option<&Decision> {
        self.decisions.get(key)
    }

    /// Keeps a measured decision and saves the file, if any, with its other namespaces as they
    /// are now. A file that has meanwhile become something other than a tuning cache is not
    /// written over.
    pub(crate) fn insert(&mut self, key: String, decision: Decision) {
        self.loaded.remove(&key);
        self.decisions.insert(key, decision);
        let Some(path) = self.file.clone() else {
            return;
        };
        let mut file = match FileState::read(&path) {
            FileState::Empty => TuneFile::default(),
            FileState::Cache(file) => file,
            FileState::Foreign(why) => {
                self.file = None;
                self.warnings.push(format!(
                    "{} is no longer a tuning cache ({why}); it is left as it is, and measured \
                     choices are kept in memory only",
                    path.display()
                ));
                return;
            }
            // Damaged since it was attached (by another writer, or by hand).
            FileState::Damaged(why) => {
                if !self.set_aside(&path, &why) {
                    self.file = None;
                    return;
                }
                TuneFile::default()
            }
            FileState::Unreadable(e) => {
                self.warnings.push(format!(
                    "could not save the tuning cache {}: {e}",
                    path.display()
                ));
                return;
            }
        };
        let ours = serde_json::to_value(&self.decisions).expect("decisions serialise");
        file.namespaces.insert(self.namespace.clone(), ours);
        let written = serde_json::to_string_pretty(&file)
            .map_err(std::io::Error::other)
            .and_then(|text| {
                let dir = match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir,
                    _ => FsPath::new("."),
                };
                std::fs::create_dir_all(dir)?;
                // Write beside and rename, so that a crash never leaves half a file; beside
                // under a name of its own, so that resizers saving the same file at once (in
                // threads or processes) never write into or rename each other's. The
                // temporary file is removed if anything fails.
                let mut builder = tempfile::Builder::new();
                builder.prefix(".tune-").suffix(".json.partial");
                // An ordinary file's permissions, not a temporary file's owner-only 0600.
                #[cfg(unix)]
                builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
                let mut temporary = builder.tempfile_in(dir)?;
                std::io::Write::write_all(&mut temporary, text.as_bytes())?;
                temporary.persist(&path).map(drop).map_err(|e| e.error)
            });
        if let Err(e) = written {
            self.warnings.push(format!(
                "could not save the tuning cache {}: {e}",
                path.display()
            ));
        }
    }

    pub(crate) fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }
}

/// The default tuning-cache file of the command-line tool: `$XDG_CACHE_HOME/wgpu-resize/tune.json`,
/// else `~/.cache/wgpu-resize/tune.json`.
pub fn default_cache_file() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("wgpu-resize").join("tune.json"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Size2;

    /// Caches saving one file at once, each under its own namespace, never leave it corrupt
    /// and never fail to save: each writes a temporary file of its own and renames it (with
    /// one shared temporary name, one cache's rename took another's file away, and a write
    /// into a file another was writing could leave half of each). Later saves may drop what
    /// another cache saved meanwhile (the file is a cache, measured again when missing).
    #[test]
    fn concurrent_saves_keep_the_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tune.json");
        let decision = Decision::from_candidates(vec![CandidateTime {
            path: Path::Gather,
            median_us: Some(1.0),
            error: None,
            unavailable: false,
            tile: None,
        }])
        .unwrap();
        let warnings: Vec<Vec<String>> = std::thread::scope(|scope| {
            let savers: Vec<_> = (0..8)
                .map(|thread| {
                    let (path, decision) = (&path, &decision);
                    scope.spawn(move || {
                        let mut cache = cache_named(&format!("thread {thread}"));
                        cache.attach_file(path);
                        for key in 0..25 {
                            cache.insert(format!("key {key}"), decision.clone());
                        }
                        cache.take_warnings()
                    })
                })
                .collect();
            savers.into_iter().map(|s| s.join().unwrap()).collect()
        });
        let saved = std::fs::read_to_string(&path).unwrap();
        let file: TuneFile = serde_json::from_str(&saved).expect("the file stays whole");
        assert!(!file.namespaces.is_empty());
        for namespace in file.namespaces.into_values() {
            let decisions: BTreeMap<String, Decision> = serde_json::from_value(namespace).unwrap();
            assert!(decisions.values().all(|d| d.path == Path::Gather));
        }
        // Warnings a cache took at load time (a corrupt file) or on saving (a failed rename).
        assert!(warnings.iter().all(Vec::is_empty), "{warnings:?}");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|name| name != "tune.json")
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }

    fn cache_named(namespace: &str) -> TuneCache {
        TuneCache {
            namespace: namespace.to_string(),
            decisions: BTreeMap::new(),
            loaded: Default::default(),
            file: None,
            warnings: Vec::new(),
        }
    }

    fn gather_decision() -> Decision {
        Decision::from_candidates(vec![CandidateTime {
            path: Path::Gather,
            median_us: Some(3.0),
            error: None,
            unavailable: false,
            tile: None,
        }])
        .unwrap()
    }

    /// A file that is not a tuning cache (named by mistake: another program's JSON, a text)
    /// is never written over: decisions stay in memory and a warning says why.
    #[test]
    fn a_file_that_is_not_a_cache_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in [
            (
                "package.json",
                "{\"name\": \"app\", \"version\": \"1.0\"}\n",
            ),
            ("notes.txt", "not json at all {"),
            (
                "namespaces-of-another-shape.json",
                "{\"namespaces\": [1, 2]}",
            ),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            let mut cache = cache_named("this version");
            cache.attach_file(&path);
            cache.insert("key".into(), gather_decision());
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
            assert_eq!(cache.get("key").map(|d| d.path), Some(Path::Gather));
            let warnings = cache.take_warnings();
            assert!(
                warnings.len() == 1
                    && warnings[0].contains(name)
                    && warnings[0].contains("is not a tuning cache"),
                "{name}: {warnings:?}"
            );
        }
    }

    /// A cache of this module's own that is cut short or garbled (as a full disk or an editor
    /// may leave it) is set aside as `<name>.damaged`, byte for byte, and a fresh cache is
    /// saved in its place, at load time or, damaged since, at the next save; every later save
    /// then reaches the file.
    #[test]
    fn a_damaged_cache_is_set_aside_and_started_afresh() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tune.json");
        let mut whole = cache_named("this version");
        whole.attach_file(&path);
        whole.insert("key".into(), gather_decision());
        let text = std::fs::read_to_string(&path).unwrap();
        let cut = &text[..text.len() / 2];
        let garbled = text.replacen(':', ";", 1);
        for (what, damaged) in [("cut short", cut), ("garbled", garbled.as_str())] {
            for damaged_after_attach in [false, true] {
                let aside = dir.path().join("tune.json.damaged");
                let _ = std::fs::remove_file(&aside);
                std::fs::write(&path, if damaged_after_attach { &text } else { damaged }).unwrap();
                let mut cache = cache_named("this version");
                cache.attach_file(&path);
                if damaged_after_attach {
                    assert_eq!(cache.get("key"), Some(&gather_decision()), "{what}");
                    std::fs::write(&path, damaged).unwrap();
                } else {
                    assert_eq!(cache.get("key"), None, "{what}");
                }
                cache.insert("other key".into(), gather_decision());
                cache.insert("third key".into(), gather_decision());
                let warnings = cache.take_warnings();
                assert!(
                    warnings.len() == 1 && warnings[0].contains("was damaged"),
                    "{what}: {warnings:?}"
                );
                assert_eq!(std::fs::read_to_string(&aside).unwrap(), damaged, "{what}");
                let saved: TuneFile =
                    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                let ours: BTreeMap<String, Decision> =
                    serde_json::from_value(saved.namespaces["this version"].clone()).unwrap();
                assert!(ours.contains_key("third key"), "{what}: {ours:?}");
            }
        }
    }

    /// An empty file becomes a cache; other namespaces (other versions, whatever they wrote)
    /// are kept as they were; this version's own entry, unreadable, is measured again and
    /// replaced.
    #[test]
    fn other_namespaces_survive_a_save() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tune.json");
        std::fs::write(&path, "").unwrap();
        let mut cache = cache_named("this version");
        cache.attach_file(&path);
        cache.insert("key".into(), gather_decision());
        assert!(cache.take_warnings().is_empty());

        let other = serde_json::json!({"some key": {"a format": ["of", "another", "version"]}});
        let mut file: TuneFile =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        file.namespaces
            .insert("another version".into(), other.clone());
        file.namespaces.insert(
            "this version".into(),
            serde_json::json!({"key": "unreadable"}),
        );
        std::fs::write(&path, serde_json::to_string(&file).unwrap()).unwrap();

        let mut cache = cache_named("this version");
        cache.attach_file(&path);
        assert_eq!(cache.get("key"), None);
        let warnings = cache.take_warnings();
        assert!(
            warnings.len() == 1 && warnings[0].contains("unreadable"),
            "{warnings:?}"
        );
        cache.insert("key".into(), gather_decision());
        let saved: TuneFile =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(saved.namespaces["another version"], other);
        let ours: BTreeMap<String, Decision> =
            serde_json::from_value(saved.namespaces["this version"].clone()).unwrap();
        assert_eq!(ours["key"], gather_decision());
    }

    #[test]
    fn nearby_shapes_share_a_key_and_different_taps_do_not() {
        let a = ResizeSpec::builder(Size2::new(1000, 1900), Size2::new(2000, 3800))
            .channels(4)
            .build()
            .unwrap();
        let b = ResizeSpec::builder(Size2::new(1020, 1920), Size2::new(2040, 3840))
            .channels(4)
            .build()
            .unwrap();
        assert_eq!(spec_key(&a), spec_key(&b));
        let c = b
            .to_builder()
            .filter(crate::Filter::Cubic { a: -0.5 })
            .build()
            .unwrap();
        assert_ne!(spec_key(&b), spec_key(&c));
    }

    #[test]
    fn the_fastest_measured_candidate_wins_and_failures_do_not() {
        let decision = Decision::from_candidates(vec![
            CandidateTime {
                path: Path::Gather,
                median_us: Some(12.0),
                error: None,
                unavailable: false,
                tile: None,
            },
            CandidateTime {
                path: Path::Separable,
                median_us: Some(9.5),
                error: None,
                unavailable: false,
                tile: None,
            },
        ])
        .unwrap();
        assert_eq!(decision.path, Path::Separable);
        let failed = Decision::from_candidates(vec![CandidateTime {
            path: Path::Gather,
            median_us: None,
            error: Some("boom".into()),
            unavailable: false,
            tile: None,
        }]);
        assert!(failed.is_none());
    }

    #[test]
    fn decisions_survive_the_file_bit_for_bit() {
        // 126.933 is one of the values that default float parsing reads back one ulp off.
        let decision = Decision::from_candidates(vec![CandidateTime {
            path: Path::Fused,
            median_us: Some(126.933),
            error: None,
            unavailable: false,
            tile: Some(TileColumns {
                columns: 56,
                input_width: 3840,
                output_width: 1920,
            }),
        }])
        .unwrap();
        let text = serde_json::to_string(&decision).unwrap();
        let back: Decision = serde_json::from_str(&text).unwrap();
        assert_eq!(back, decision);
        // Candidates without a tile (other paths) leave it out, and read back as `None`.
        let gather = r#"{"path":"gather","candidates":[{"path":"gather","median_us":7.5}]}"#;
        let back: Decision = serde_json::from_str(gather).unwrap();
        assert_eq!(back.candidates[0].tile, None);
        assert_eq!(serde_json::to_string(&back).unwrap(), gather);
    }

    #[test]
    fn checksum_is_stable_within_a_build() {
        assert_eq!(candidate_checksum(), candidate_checksum());
        assert_eq!(candidate_checksum().len(), 16);
    }
}
