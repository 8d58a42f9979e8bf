/// The lens distortion of a recorded camera, as in the JSON: `{"k1", "k2", "p1", "p2", "k3"}`,
/// each optional (an absent coefficient is 0).
///
/// Brown–Conrady coefficients in OpenCV's convention, applied to normalized image-plane
/// coordinates `((u - ox - 0.5)/fx, (v - oy - 0.5)/fy)` of continuous image pixels `(u, v)`
/// (y down, like image pixels); see `LensDistortion` for the model. Dimensionless.
public struct RecordingLensDistortion: Sendable, Hashable {
  /// Radial coefficient of r².
  public var k1: Double
  /// Radial coefficient of r⁴.
  public var k2: Double
  /// First tangential coefficient.
  public var p1: Double
  /// Second tangential coefficient.
  public var p2: Double
  /// Radial coefficient of r⁶.
  public var k3: Double
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates coefficients; call ``validate()`` to check them.
  public init(
    k1: Double = 0, k2: Double = 0, p1: Double = 0, p2: Double = 0, k3: Double = 0,
    extras: [String: JSONValue] = [:]
  ) {
    (self.k1, self.k2, self.p1, self.p2, self.k3) = (k1, k2, p1, p2, k3)
    self.extras = extras
  }

  /// The coefficients by their JSON names, in the order the JSON form lists them.
  static let names = ["k1", "k2", "p1", "p2", "k3"]

  private var values: [Double] { [k1, k2, p1, p2, k3] }

  /// Checks every coefficient is finite.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the distortion (`k1`).
  public func validate() throws {
    for (name, value) in zip(Self.names, values) {
      try RecordingValidation.requireFinite(value, name)
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    var read: [Double] = []
    for name in Self.names { read.append(try object.optional(name) { try $0.number() } ?? 0) }
    self.init(k1: read[0], k2: read[1], p1: read[2], p2: read[3], k3: read[4])
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (all five coefficients, extras included).
  public var jsonValue: JSONValue {
    var members = extras
    for (name, value) in zip(Self.names, values) { members[name] = .number(value) }
    return .object(members)
  }
}
