//! The value of outputs that map outside the input: the bands of padding
//! ([`crate::ResizeSpecBuilder::padding`]) and a crop's outside
//! ([`crate::CoordinateMapping::TfCropAndResize`], crop boxes). ONNX's `extrapolation_value` is
//! one value in every channel; a colour is one per channel, as Pillow's
//! `ImageOps.pad(.., color=(r, g, b))`, `cv2.copyMakeBorder(.., value=(b, g, r))` and
//! torchvision's `Pad(fill=(r, g, b))` fill their bands, and a detector's letterbox in its
//! dataset's mean colour.
//!
//! Every kernel writes the value where it writes an output outside the input, taking the channel
//! of each lane (`fill_of` and `fill4` in `wgsl/common.wgsl`), so that a colour costs no pass of
//! its own.

use crate::error::SpecError;

/// Most channels a per-channel value names: a pixel's four (RGBA) at most.
pub const MAX_EXTRAPOLATED_CHANNELS: usize = 4;

/// Values of outputs that map outside the input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Extrapolation {
    /// One value in every channel.
    Uniform(f32),
    /// One value per channel: the first `count` (at most four are kept; a longer list is an
    /// error that [`Extrapolation::check`] reports with its length).
    PerChannel {
        values: [f32; MAX_EXTRAPOLATED_CHANNELS],
        count: usize,
    },
}

impl Extrapolation {
    /// The per-channel values of `values`, as given (checked by [`Extrapolation::check`]).
    pub(crate) fn per_channel(values: &[f32]) -> Self {
        let mut kept = [0.0; MAX_EXTRAPOLATED_CHANNELS];
        let n = values.len().min(MAX_EXTRAPOLATED_CHANNELS);
        kept[..n].copy_from_slice(&values[..n]);
        Extrapolation::PerChannel {
            values: kept,
            count: values.len(),
        }
    }

    /// The value of channel `channel`.
    pub(crate) fn of(&self, channel: u32) -> f32 {
        match *self {
            Extrapolation::Uniform(value) => value,
            Extrapolation::PerChannel { values, count } => {
                values[(channel as usize).min(count.clamp(1, MAX_EXTRAPOLATED_CHANNELS) - 1)]
            }
        }
    }

    /// The values as the kernels read them, channel `c`'s in lane `c % 4`: per-channel values
    /// name at most four channels, and a uniform value is the same in every lane.
    pub(crate) fn lanes(&self) -> [f32; MAX_EXTRAPOLATED_CHANNELS] {
        std::array::from_fn(|c| self.of(c as u32))
    }

    /// Errors unless every value is finite and per-channel values number `channels`, at most
    /// [`MAX_EXTRAPOLATED_CHANNELS`].
    pub(crate) fn check(&self, channels: u32) -> Result<(), SpecError> {
        let (values, count) = match *self {
            Extrapolation::Uniform(value) => ([value; MAX_EXTRAPOLATED_CHANNELS], 1),
            Extrapolation::PerChannel { values, count } => {
                if count == 0 || count > MAX_EXTRAPOLATED_CHANNELS {
                    return Err(SpecError::InvalidParameter {
                        what: "extrapolation values given per channel",
                        value: count as f64,
                        allowed: "1 to 4 (MAX_EXTRAPOLATED_CHANNELS), one per channel",
                    });
                }
                if count != channels as usize {
                    return Err(SpecError::Unsupported(format!(
                        "{count} extrapolation values on a spec of {channels} channels: give one \
                         per channel, or one for every channel (extrapolation_value)"
                    )));
                }
                (values, count)
            }
        };
        if let Some(&bad) = values[..count].iter().find(|v| !v.is_finite()) {
            return Err(SpecError::InvalidParameter {
                what: "extrapolation value",
                value: bad as f64,
                allowed: "a finite number",
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_values_fill_every_lane() {
        let e = Extrapolation::Uniform(0.25);
        assert_eq!(e.lanes(), [0.25; 4]);
        assert_eq!(e.of(7), 0.25);
        assert!(e.check(9).is_ok());
    }

    #[test]
    fn per_channel_values_take_their_channel() {
        let e = Extrapolation::per_channel(&[1.0, 2.0, 3.0]);
        assert_eq!((e.of(0), e.of(1), e.of(2)), (1.0, 2.0, 3.0));
        assert!(e.check(3).is_ok());
    }

    #[test]
    fn per_channel_values_must_match_the_channels() {
        let three = Extrapolation::per_channel(&[1.0, 2.0, 3.0]);
        assert!(matches!(three.check(4), Err(SpecError::Unsupported(_))));
        let five = Extrapolation::per_channel(&[0.0; 5]);
        assert!(matches!(
            five.check(5),
            Err(SpecError::InvalidParameter { value, .. }) if value == 5.0
        ));
        assert!(Extrapolation::per_channel(&[]).check(1).is_err());
        let nan = Extrapolation::per_channel(&[0.0, f32::NAN]);
        assert!(matches!(
            nan.check(2),
            Err(SpecError::InvalidParameter { .. })
        ));
        assert!(Extrapolation::Uniform(f32::INFINITY).check(1).is_err());
    }
}
