// Helpers shared by the scene-spec decoders (and, package-wide, the replay settings' decoder):
// range-checked numbers whose errors carry the same `InputFileError` paths as the recording
// decoders.
import SceneFormat

extension JSONValue {
  /// A finite number that is `>= minimum` (and `<= maximum` when given).
  package func number(atLeast minimum: Double, atMost maximum: Double? = nil) throws -> Double {
    let value = try number()
    guard value.isFinite, value >= minimum, value <= (maximum ?? .infinity) else {
      let range =
        maximum.map { "in [\(JSONWriter.text(of: minimum)), \(JSONWriter.text(of: $0))]" }
        ?? ">= \(JSONWriter.text(of: minimum))"
      throw InputFileError(.invalidValue, "must be \(range), got \(JSONWriter.text(of: value))")
    }
    return value
  }

  /// A finite number that is strictly greater than zero.
  package func positiveNumber() throws -> Double {
    let value = try number()
    guard value.isFinite, value > 0 else {
      throw InputFileError(.invalidValue, "must be > 0, got \(JSONWriter.text(of: value))")
    }
    return value
  }

  /// Exactly `count` finite numbers.
  func finiteNumbers(count: Int) throws -> [Double] {
    let values = try numbers(count: count)
    try RecordingValidation.requireFinite(values)
    return values
  }

  /// Exactly `count` finite numbers, each within ±`SceneSpec.coordinateLimitMeters`, as `Float`
  /// (metres). The bound keeps every derived pose, corner and truth position finite in `Float`.
  func boundedFloats(count: Int) throws -> [Float] {
    let v = try finiteNumbers(count: count)
    let limit = SceneSpec.coordinateLimitMeters
    for (offset, value) in v.enumerated() where abs(value) > limit {
      throw InputFileError(
        .invalidValue,
        "must be within ±\(JSONWriter.text(of: limit)) m, got \(JSONWriter.text(of: value))",
        path: [.index(offset)])
    }
    return v.map { Float($0) }
  }

  /// `[x, y, z]` with every component within ±`SceneSpec.coordinateLimitMeters`, as `Float`
  /// (metres in world or surface space).
  func floatVector3() throws -> SIMD3<Float> {
    let v = try boundedFloats(count: 3)
    return SIMD3(v[0], v[1], v[2])
  }
}

extension JSONValue {
  /// Numbers written as the `Float`s print (`0.1`, not `0.10000000149011612`).
  static func floats(_ values: [Float]) -> JSONValue {
    .array(values.map { .number(Double($0.description) ?? Double($0)) })
  }
}
