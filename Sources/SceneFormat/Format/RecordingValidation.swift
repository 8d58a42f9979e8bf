import SpatialMath

/// Shared value checks of the recording types; every error carries a path relative to the value
/// checked. Internal.
package enum RecordingValidation {
  /// Tolerance on `RᵀR - I` (max abs entry) and on the bottom row for a rigid transform; ARKit
  /// poses printed with 6 decimals are orthonormal to about 1e-5.
  package static let rigidTolerance = 1e-3

  package static func requireFinite(_ values: [Double]) throws {
    for (offset, value) in values.enumerated() where !value.isFinite {
      throw InputFileError(.invalidValue, "must be finite, got \(value)", path: [.index(offset)])
    }
  }

  package static func requireFinite(_ value: Double, _ key: String) throws {
    guard value.isFinite else {
      throw InputFileError(.invalidValue, "must be finite, got \(value)", path: [.key(key)])
    }
  }

  /// Finite numbers that the simulation holds as `Float` (poses, intrinsics, plane geometry,
  /// feature points): a value beyond `Float`'s range would become infinity there, so it is
  /// refused here with its index (values that round to `Float.greatestFiniteMagnitude` are kept).
  package static func requireFloatRange(_ values: [Double]) throws {
    try requireFinite(values)
    for (offset, value) in values.enumerated() where !Float(value).isFinite {
      throw InputFileError(
        .invalidValue, floatRangeMessage(value), path: [.index(offset)])
    }
  }

  /// The three components finite and within `Float`'s range (errors as the array form's,
  /// `[i]`), without an array for the valid case.
  @inline(__always)
  package static func requireFloatRange(_ vector: SIMD3<Double>) throws {
    guard Float(vector.x).isFinite && Float(vector.y).isFinite && Float(vector.z).isFinite else {
      try requireFloatRange([vector.x, vector.y, vector.z])
      return
    }
  }

  /// `must be within Float's range (magnitude at most 3.4028235e+38), got 1e+39`.
  package static func floatRangeMessage(_ value: Double) -> String {
    "must be within Float's range (magnitude at most \(Float.greatestFiniteMagnitude)), got "
      + JSONWriter.text(of: value)
  }

  /// A finite number in 0...1 (a confidence or probability).
  package static func requireUnitInterval(_ value: Double, _ key: String) throws {
    guard value >= 0 && value <= 1 else {
      throw InputFileError(
        .invalidValue, "must be in [0, 1], got \(JSONWriter.text(of: value))", path: [.key(key)])
    }
  }

  package static func requireCount(_ values: [Double], _ count: Int) throws {
    guard values.count == count else {
      throw InputFileError(.typeMismatch, "expected \(count) numbers, got \(values.count)")
    }
  }

  /// 16 finite numbers, column-major, whose upper 3x3 is a rotation (orthonormal, det +1) and
  /// whose bottom row is (0, 0, 0, 1), within ``rigidTolerance``.
  package static func requireRigid(_ m: [Double]) throws {
    try requireCount(m, 16)
    try requireFloatRange(m)
    let worst = max(max(abs(m[3]), abs(m[7])), max(abs(m[11]), abs(m[15] - 1)))
    if worst > rigidTolerance {
      let row = [m[3], m[7], m[11], m[15]].map(JSONWriter.text(of:)).joined(separator: ", ")
      throw InputFileError(
        .invalidValue, "not a rigid transform: bottom row is (\(row)), expected (0, 0, 0, 1)")
    }
    var deviation = 0.0
    for i in 0..<3 {
      for j in 0..<3 {
        var dot = 0.0
        for k in 0..<3 { dot += m[4 * i + k] * m[4 * j + k] }
        deviation = max(deviation, abs(dot - (i == j ? 1 : 0)))
      }
    }
    if deviation > rigidTolerance {
      throw InputFileError(
        .invalidValue,
        "not a rigid transform: rotation columns are not orthonormal (max |RᵀR - I| = \(JSONWriter.text(of: deviation)), tolerance \(rigidTolerance))"
      )
    }
    let det =
      m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2])
      + m[8] * (m[1] * m[6] - m[5] * m[2])
    if det < 0 {
      throw InputFileError(
        .invalidValue,
        "not a rigid transform: rotation is a reflection (det = \(JSONWriter.text(of: det)))")
    }
  }

  /// Finite, positive width and height.
  package static func requirePositive(_ size: Size, what: String) throws {
    guard size.width.isFinite, size.width > 0 else {
      throw InputFileError(
        .invalidValue, "\(what) width must be > 0, got \(JSONWriter.text(of: size.width))",
        path: [.index(0)])
    }
    guard size.height.isFinite, size.height > 0 else {
      throw InputFileError(
        .invalidValue, "\(what) height must be > 0, got \(JSONWriter.text(of: size.height))",
        path: [.index(1)])
    }
  }

  /// A normalized box: x, y >= 0, w, h >= 0, x + w <= 1, y + h <= 1 (1e-9 slack for rounding).
  package static func requireUnitBox(_ rect: Rect) throws {
    // The common case, accepted without building the arrays the messages need: exactly the
    // boxes the checks below let through (NaN fails every comparison, so it goes on to them).
    let (x, y) = (rect.origin.x, rect.origin.y)
    let (width, height) = (rect.size.width, rect.size.height)
    if x.isFinite && y.isFinite && width.isFinite && height.isFinite && x >= 0 && y >= 0
      && width >= 0 && height >= 0 && x + width <= 1 + 1e-9 && y + height <= 1 + 1e-9
    {
      return
    }
    let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
    try requireFinite(values)
    let names = ["x", "y", "width", "height"]
    for k in 0..<4 where values[k] < 0 {
      throw InputFileError(
        .invalidValue, "\(names[k]) must be >= 0, got \(JSONWriter.text(of: values[k]))",
        path: [.index(k)])
    }
    let slack = 1e-9
    if values[0] + values[2] > 1 + slack {
      throw InputFileError(
        .invalidValue,
        "box must lie within [0, 1]: x + width = \(JSONWriter.text(of: values[0] + values[2])) > 1")
    }
    if values[1] + values[3] > 1 + slack {
      throw InputFileError(
        .invalidValue,
        "box must lie within [0, 1]: y + height = \(JSONWriter.text(of: values[1] + values[3])) > 1"
      )
    }
  }
}
