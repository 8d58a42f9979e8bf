import SpatialMath

extension PlaneAnchor: Codable {
  private enum CodingKeys: String, CodingKey {
    case identifier, transform, center, extent, boundary, alignment, classification
  }

  /// Decodes the recording format's plane object (DESIGN §7): `"identifier"`, `"transform"` (16
  /// numbers, column-major worldFromPlane), `"center"` ([x, y, z] plane-local, default zero),
  /// `"extent"`, `"boundary"`, `"alignment"`, `"classification"` (default `"none"`).
  ///
  /// Throws `DecodingError` whose coding path ends at the offending field: non-rigid or non-finite
  /// transforms, non-finite centres, bad extents, invalid boundaries (`PlaneBoundary`), unknown
  /// alignment or classification names. The boundary may come in either winding, and the alignment
  /// label is not checked against the normal.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let identifier = try c.decode(String.self, forKey: .identifier)
    let numbers = try c.decode([Double].self, forKey: .transform)
    guard numbers.count == 16,
      let transform = try? Matrix4x4(columnMajor: numbers.map { Float($0) })
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .transform, in: c,
        debugDescription:
          "transform must have 16 numbers (column-major 4x4), found \(numbers.count)")
    }
    let center = try c.decodeIfPresent([Double].self, forKey: .center) ?? [0, 0, 0]
    guard center.count == 3 else {
      throw DecodingError.dataCorruptedError(
        forKey: .center, in: c,
        debugDescription: "center must be [x, y, z], found \(center.count) numbers")
    }
    let extent = try c.decode(PlaneExtent.self, forKey: .extent)
    let boundary = try c.decode(PlaneBoundary.self, forKey: .boundary)
    let alignment = try c.decode(Alignment.self, forKey: .alignment)
    let classification =
      try c.decodeIfPresent(Classification.self, forKey: .classification) ?? .none
    do {
      try self.init(
        identifier: identifier, transform: transform,
        center: SIMD3(Float(center[0]), Float(center[1]), Float(center[2])), extent: extent,
        boundary: boundary, alignment: alignment, classification: classification)
    } catch {
      let key: CodingKeys = error == .anchorCenterNotFinite ? .center : .transform
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: error.description)
    }
  }

  /// Encodes the recording format's plane object (see `init(from:)`).
  /// Encodes the same fields and layout that `init(from:)` reads.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(identifier, forKey: .identifier)
    try c.encode(transform, forKey: .transform)
    try c.encode([center.x, center.y, center.z], forKey: .center)
    try c.encode(extent, forKey: .extent)
    try c.encode(boundary, forKey: .boundary)
    try c.encode(alignment, forKey: .alignment)
    try c.encode(classification, forKey: .classification)
  }
}
