import SceneFormat

extension JSONValue {
  /// A number, or `null` for `nil` or a non-finite value.
  package static func optionalNumber(_ value: Double?) -> JSONValue {
    guard let value, value.isFinite else { return .null }
    return .number(value)
  }

  /// A `Float` as the `Double` with the same shortest decimal form (`0.02`, not
  /// `0.019999999552965164`); exact for every finite `Float`.
  package static func float(_ value: Float) -> JSONValue {
    .number(value.isFinite ? Double(value.description) ?? Double(value) : Double(value))
  }

  /// `[x, y, z]` of a `Float` vector in shortest decimal form.
  package static func float3(_ v: SIMD3<Float>) -> JSONValue {
    .array([.float(v.x), .float(v.y), .float(v.z)])
  }
}
