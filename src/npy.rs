//! `.npy` files in and out (NumPy format 1.0, little-endian; read in C or Fortran order,
//! written in C order), through the npyz crate.

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use npyz::WriterBuilder;

/// A `.npy` file that could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NpyError {
    /// The file could not be opened, read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The array is not of the element type asked for.
    #[error("{path}: elements are {found}; expected {expected}")]
    WrongType {
        /// The file.
        path: String,
        /// The dtype found.
        found: String,
        /// The dtype wanted.
        expected: &'static str,
    },
    /// The file ends before the elements its header declares.
    #[error(
        "{path}: the header declares shape {shape:?} ({elements} elements), but the file ends \
         before them"
    )]
    Truncated {
        /// The file.
        path: String,
        /// The declared shape.
        shape: [u32; 4],
        /// The elements the shape holds.
        elements: u128,
    },
    /// The header declares a shape whose sizes multiply past 64 bits (its sizes other than 0,
    /// which the reader multiplies for strides even when the count is 0).
    #[error("{path}: the header's shape {shape} has sizes whose product does not fit in 64 bits")]
    ShapeOverflows {
        /// The file.
        path: String,
        /// The shape as the header writes it.
        shape: String,
    },
    /// The array is not 4-D.
    #[error("{path}: shape {shape:?} is not 4-D; expected [n, h, w, c] (or [n, c, h, w] for NCHW)")]
    NotFourD {
        /// The file.
        path: String,
        /// Its shape.
        shape: Vec<u64>,
    },
    /// The elements given to write are not as many as the shape holds; nothing was written.
    #[error("{path}: {}", length_mismatch(*.shape, *.given))]
    LengthMismatch {
        /// The file.
        path: String,
        /// The shape to write.
        shape: [u32; 4],
        /// The elements given.
        given: usize,
    },
}

/// Elements of `shape`.
fn elements(shape: [u32; 4]) -> u128 {
    shape.iter().map(|&d| d as u128).product()
}

fn length_mismatch(shape: [u32; 4], given: usize) -> String {
    format!(
        "shape {shape:?} holds {} elements, and {given} were given to write",
        elements(shape)
    )
}

/// A 4-D array read from a `.npy` file.
#[derive(Clone, Debug, PartialEq)]
pub struct Array4<T> {
    /// The shape, in the file's order.
    pub shape: [u32; 4],
    /// The elements in C order.
    pub data: Vec<T>,
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> NpyError + '_ {
    move |source| NpyError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Reads a 4-D `.npy` array of `f32` (`<f4`), `f16` (`<f2`) or `u8` (`|u1`), returning its
/// elements in C order whichever order the file stores.
pub fn read<T: npyz::Deserialize + NpyElement + Copy>(path: &Path) -> Result<Array4<T>, NpyError> {
    let mut file = std::fs::File::open(path).map_err(io_error(path))?;
    // npyz multiplies the shape's sizes unchecked (a panic in debug builds), so a shape whose
    // products overflow is refused first.
    if let Some(shape) = overflowing_shape(&header_text(&mut file).map_err(io_error(path))?) {
        return Err(NpyError::ShapeOverflows {
            path: path.display().to_string(),
            shape,
        });
    }
    std::io::Seek::rewind(&mut file).map_err(io_error(path))?;
    let npy = npyz::NpyFile::new(BufReader::new(file)).map_err(io_error(path))?;
    let descr = npy.dtype().descr().replace('\'', "");
    if !T::DESCRS.contains(&descr.as_str()) {
        return Err(NpyError::WrongType {
            path: path.display().to_string(),
            found: descr,
            expected: T::DESCRS[0],
        });
    }
    let shape = npy.shape().to_vec();
    let shape: [u32; 4] = match shape.as_slice() {
        &[a, b, c, d] if [a, b, c, d].iter().all(|&v| v <= u32::MAX as u64) => {
            [a as u32, b as u32, c as u32, d as u32]
        }
        _ => {
            return Err(NpyError::NotFourD {
                path: path.display().to_string(),
                shape,
            });
        }
    };
    let fortran = npy.order() == npyz::Order::Fortran;
    let elements = elements(shape);
    let truncated = || NpyError::Truncated {
        path: path.display().to_string(),
        shape,
        elements,
    };
    let data = npy.into_vec::<T>().map_err(|source| {
        if source.kind() == std::io::ErrorKind::UnexpectedEof {
            truncated()
        } else {
            io_error(path)(source)
        }
    })?;
    // Every element the shape declares, and no more: `fortran_to_c` indexes by the shape.
    if data.len() as u128 != elements {
        return Err(truncated());
    }
    // `np.save` of a Fortran-ordered array (`np.asfortranarray`, a transposed view) stores its
    // elements first index fastest; the library's tensors are C order, last index fastest.
    let data = if fortran {
        fortran_to_c(&data, shape)
    } else {
        data
    };
    Ok(Array4 { shape, data })
}

/// The header text of a `.npy` file, after its magic, version and length, as the length
/// declares it (version 1.0: a `u16`; 2.0 and 3.0: a `u32`); an error when the file ends
/// first. Empty when the file does not begin as a `.npy` file, which npyz
/// then reports.
fn header_text(file: &mut impl std::io::Read) -> std::io::Result<Vec<u8>> {
    let mut preamble = Vec::new();
    file.take(12).read_to_end(&mut preamble)?;
    let (length, start) = match preamble.as_slice() {
        [b'\x93', b'N', b'U', b'M', b'P', b'Y', 1, _, a, b, ..] => {
            (u64::from(u16::from_le_bytes([*a, *b])), 10)
        }
        [b'\x93', b'N', b'U', b'M', b'P', b'Y', 2 | 3, _, a, b, c, d] => {
            (u64::from(u32::from_le_bytes([*a, *b, *c, *d])), 12)
        }
        _ => return Ok(Vec::new()),
    };
    let mut text = preamble.split_off(start);
    // The length may be a lie; `take` reads no further than the file, where npyz would first
    // allocate all of it (up to 4 GiB for a version 2.0 header).
    file.take(length.saturating_sub(text.len() as u64))
        .read_to_end(&mut text)?;
    if (text.len() as u64) < length {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            format!(
                "the header's length is {length} bytes, but the file ends {} bytes into it",
                text.len()
            ),
        ));
    }
    text.truncate(length as usize);
    Ok(text)
}

/// The shape tuple a header writes (`'shape': (2, 3, 4, 5)`), when the product of its nonzero
/// sizes passes `u64::MAX`: npyz multiplies them for the element count and again for the
/// strides, where a size of 0 does not stop the products of the others from overflowing.
/// `None` when they fit, or when the shape cannot be found (npyz then reports what is wrong
/// with the header).
fn overflowing_shape(header: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(header);
    let after_key = &text[text.find("'shape'").or_else(|| text.find("\"shape\""))?..];
    let open = after_key.find('(')?;
    let close = open + after_key[open..].find(')')?;
    let tuple = &after_key[open..=close];
    let mut product: u64 = 1;
    let mut overflowed = false;
    for size in tuple[1..tuple.len() - 1].split(',').map(str::trim) {
        if size.is_empty() {
            continue;
        }
        let size: u64 = size.trim_end_matches('L').parse().ok()?;
        match product.checked_mul(size.max(1)) {
            Some(p) => product = p,
            None => overflowed = true,
        }
    }
    overflowed.then(|| tuple.to_string())
}

/// The elements of a 4-D array stored in Fortran order (first index fastest), in C order (last
/// index fastest).
fn fortran_to_c<T: Copy>(data: &[T], [a, b, c, d]: [u32; 4]) -> Vec<T> {
    let [a, b, c, d] = [a, b, c, d].map(|n| n as usize);
    let mut out = Vec::with_capacity(data.len());
    for i in 0..a {
        for j in 0..b {
            for k in 0..c {
                for l in 0..d {
                    out.push(data[i + a * (j + b * (k + c * l))]);
                }
            }
        }
    }
    out
}

/// Writes a 4-D array as `.npy` at `path`. A `data` of another length than the shape holds is
/// refused before the file is created (an existing file is left as it was).
pub fn write<T: npyz::AutoSerialize + Copy>(
    path: &Path,
    shape: [u32; 4],
    data: &[T],
) -> Result<(), NpyError> {
    if elements(shape) != data.len() as u128 {
        return Err(NpyError::LengthMismatch {
            path: path.display().to_string(),
            shape,
            given: data.len(),
        });
    }
    let file = std::fs::File::create(path).map_err(io_error(path))?;
    write_to(BufWriter::new(file), shape, data).map_err(io_error(path))
}

/// Writes a 4-D array as `.npy` into `writer` (a file, a buffer) and flushes it. A `data` of
/// another length than the shape holds is an `InvalidInput` error, before anything is written.
pub fn write_to<T: npyz::AutoSerialize + Copy, W: Write>(
    writer: W,
    shape: [u32; 4],
    data: &[T],
) -> std::io::Result<()> {
    // npyz refuses a wrong count only in `finish`, after the elements are written.
    if elements(shape) != data.len() as u128 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            length_mismatch(shape, data.len()),
        ));
    }
    let mut writer = npyz::WriteOptions::new()
        .default_dtype()
        .shape(&shape.map(|d| d as u64))
        .writer(writer)
        .begin_nd()?;
    writer.extend(data.iter().copied())?;
    writer.finish()
}

/// Element types this module reads, with the `.npy` descriptors that hold them.
pub trait NpyElement {
    /// Accepted `descr` strings.
    const DESCRS: &'static [&'static str];
}

impl NpyElement for f32 {
    const DESCRS: &'static [&'static str] = &["<f4"];
}

impl NpyElement for half::f16 {
    const DESCRS: &'static [&'static str] = &["<f2"];
}

impl NpyElement for u8 {
    const DESCRS: &'static [&'static str] = &["|u1", "<u1"];
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Elements of another count than the shape holds are refused before anything is
    /// written: a file already at the path keeps its bytes, and `write_to` writes none.
    #[test]
    fn a_wrong_length_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kept.npy");
        write(&path, [1, 2, 2, 1], &[1.0f32, 2.0, 3.0, 4.0]).unwrap();
        let before = std::fs::read(&path).unwrap();
        for wrong in [3, 5, 0] {
            let data = vec![0.5f32; wrong];
            let err = write(&path, [1, 2, 2, 1], &data).unwrap_err();
            assert!(
                matches!(err, NpyError::LengthMismatch { given, .. } if given == wrong),
                "{err}"
            );
            assert!(err.to_string().contains("holds 4 elements"), "{err}");
            assert_eq!(std::fs::read(&path).unwrap(), before);
            let mut buffer = Vec::new();
            let err = write_to(&mut buffer, [1, 2, 2, 1], &data).unwrap_err();
            assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
            assert!(buffer.is_empty(), "{} bytes written", buffer.len());
        }
        let mut buffer = Vec::new();
        write_to(&mut buffer, [1, 2, 2, 1], &[1.0f32, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!(buffer, before, "write_to writes what write does");
    }

    /// A Fortran-ordered file (as `np.save(np.asfortranarray(x))` writes) reads as the same
    /// array as its C-ordered twin: the element at each index agrees.
    #[test]
    fn fortran_order_files_read_in_c_order() {
        let shape = [2u32, 3, 4, 5];
        let at = |i: u32, j: u32, k: u32, l: u32| (1000 * i + 100 * j + 10 * k + l) as f32;
        let c_order: Vec<f32> = (0..shape[0])
            .flat_map(|i| {
                (0..shape[1]).flat_map(move |j| {
                    (0..shape[2]).flat_map(move |k| (0..shape[3]).map(move |l| at(i, j, k, l)))
                })
            })
            .collect();
        let mut fortran_order = Vec::new();
        for l in 0..shape[3] {
            for k in 0..shape[2] {
                for j in 0..shape[1] {
                    for i in 0..shape[0] {
                        fortran_order.push(at(i, j, k, l));
                    }
                }
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fortran.npy");
        let mut writer = npyz::WriteOptions::new()
            .default_dtype()
            .order(npyz::Order::Fortran)
            .shape(&shape.map(u64::from))
            .writer(BufWriter::new(std::fs::File::create(&path).unwrap()))
            .begin_nd()
            .unwrap();
        writer.extend(fortran_order.iter().copied()).unwrap();
        writer.finish().unwrap();
        let array = read::<f32>(&path).unwrap();
        assert_eq!(array.shape, shape);
        assert_eq!(array.data, c_order);

        let path = dir.path().join("c.npy");
        write(&path, shape, &c_order).unwrap();
        assert_eq!(read::<f32>(&path).unwrap().data, c_order);
    }

    /// A file cut short, or a header that declares more than the file holds, is `Truncated`;
    /// a header whose sizes multiply past 64 bits is `ShapeOverflows`, also when one size is
    /// 0 and also behind a version 2.0 header longer than any of version 1.0; a file whose bytes
    /// were changed at random reads or fails, in either order, and never panics. A file that
    /// reads holds exactly the elements its shape declares.
    #[test]
    fn damaged_files_are_errors_not_panics() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("good.npy");
        let shape = [1u32, 3, 2, 2];
        let values: Vec<f32> = (0..12).map(|v| v as f32).collect();
        write(&good, shape, &values).unwrap();
        let bytes = std::fs::read(&good).unwrap();
        let path = dir.path().join("damaged.npy");
        let header_end = bytes.len() - 12 * 4;

        for cut in [1, 4, 47] {
            std::fs::write(&path, &bytes[..bytes.len() - cut]).unwrap();
            let err = read::<f32>(&path).unwrap_err();
            assert!(
                matches!(err, NpyError::Truncated { elements: 12, .. }),
                "{cut}: {err}"
            );
            assert!(err.to_string().contains("ends before"), "{err}");
        }
        // Files of version 1.0 whose header declares `shape` over the 12 elements of `good`.
        let data = &bytes[header_end..];
        // Version 2.0 headers (a `u32` length) carry `padding` spaces inside the dict, so that
        // a header can be longer than any version 1.0 header.
        let declaring_v = |shape: &str, fortran: bool, version: u8, padding: usize| {
            let dict = format!(
                "{{'descr': '<f4', 'fortran_order': {},{} 'shape': {shape}, }}",
                if fortran { "True" } else { "False" },
                " ".repeat(padding)
            );
            // Magic, version, header length, then the header padded with spaces and a newline
            // to a multiple of 64 bytes.
            let preamble = if version == 1 { 10 } else { 12 };
            let unpadded = preamble + dict.len() + 1;
            let header_len = dict.len() + 1 + (64 - unpadded % 64) % 64;
            let mut file = b"\x93NUMPY".to_vec();
            file.extend_from_slice(&[version, 0]);
            if version == 1 {
                file.extend_from_slice(&(header_len as u16).to_le_bytes());
            } else {
                file.extend_from_slice(&(header_len as u32).to_le_bytes());
            }
            file.extend_from_slice(dict.as_bytes());
            file.resize(preamble + header_len - 1, b' ');
            file.push(b'\n');
            file.extend_from_slice(data);
            file
        };
        let declaring = |shape: &str, fortran: bool| declaring_v(shape, fortran, 1, 0);
        std::fs::write(&path, declaring("(1, 3, 2, 2)", false)).unwrap();
        assert_eq!(
            read::<f32>(&path).unwrap().data,
            values,
            "the header as written here"
        );
        for (declared, fortran) in [
            ("(1, 3, 2, 3)", false),
            ("(1, 3, 2, 3)", true),
            ("(100000, 100000, 100000, 1)", false),
        ] {
            std::fs::write(&path, declaring(declared, fortran)).unwrap();
            let err = read::<f32>(&path).unwrap_err();
            assert!(
                matches!(err, NpyError::Truncated { .. }),
                "{declared}: {err}"
            );
        }
        // A shape whose count overflows 64 bits (2^128 elements, near enough).
        let declared = "(4294967295, 4294967295, 4294967295, 4294967295)";
        std::fs::write(&path, declaring(declared, true)).unwrap();
        let err = read::<f32>(&path).unwrap_err();
        assert!(matches!(err, NpyError::ShapeOverflows { .. }), "{err}");
        assert!(err.to_string().contains(declared), "{err}");
        // A size of 0 makes the count 0, but npyz's strides still multiply the other sizes.
        for fortran in [false, true] {
            let declared = "(0, 4294967295, 4294967295, 4294967295)";
            std::fs::write(&path, declaring(declared, fortran)).unwrap();
            let err = read::<f32>(&path).unwrap_err();
            assert!(matches!(err, NpyError::ShapeOverflows { .. }), "{err}");
        }
        // A header length past the file's end (4 GiB here) is an error naming both lengths.
        let mut lying = declaring_v("(1, 3, 2, 2)", false, 2, 0);
        lying[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
        std::fs::write(&path, &lying).unwrap();
        let err = read::<f32>(&path).unwrap_err();
        assert!(
            err.to_string()
                .contains("header's length is 4294967295 bytes"),
            "{err}"
        );
        // Version 2.0: a header of 100 KB is read whole, and its shape checked as any other.
        std::fs::write(&path, declaring_v("(1, 3, 2, 2)", false, 2, 100_000)).unwrap();
        assert_eq!(read::<f32>(&path).unwrap().data, values, "a long header");
        std::fs::write(&path, declaring_v(declared, false, 2, 100_000)).unwrap();
        let err = read::<f32>(&path).unwrap_err();
        assert!(matches!(err, NpyError::ShapeOverflows { .. }), "{err}");

        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let mut damaged = bytes.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % damaged.len() as u64) as usize;
                damaged[at] = next() as u8;
            }
            if next() % 4 == 0 {
                damaged.truncate((next() % damaged.len() as u64) as usize);
            }
            std::fs::write(&path, &damaged).unwrap();
            if let Ok(array) = read::<f32>(&path) {
                let declared: u128 = array.shape.iter().map(|&n| u128::from(n)).product();
                assert_eq!(array.data.len() as u128, declared, "{:?}", array.shape);
            }
        }
    }
}
