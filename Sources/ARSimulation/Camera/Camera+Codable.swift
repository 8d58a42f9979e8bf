import SpatialMath

extension Camera: Codable {
  private enum CodingKeys: String, CodingKey {
    case transform, intrinsics, imageResolution, distortion, trackingState, trackingStateReason
  }

  /// Decodes the recording format's camera: `{"transform": [16 numbers, column-major,
  /// worldFromCamera], "intrinsics": [9 numbers, column-major], "imageResolution": [w, h]}` plus an
  /// optional `"distortion": {"k1","k2","p1","p2","k3"}` and an optional `"trackingState"` (with
  /// `"trackingStateReason"` when `limited`; ``TrackingState``). Invalid values throw
  /// `DecodingError.dataCorrupted` with the coding path of the offending field.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let transform = try c.decode(Matrix4x4.self, forKey: .transform)
    let intrinsics = try c.decode(CameraIntrinsics.self, forKey: .intrinsics)
    let resolution = try c.decode([Double].self, forKey: .imageResolution)
    guard resolution.count == 2 else {
      throw DecodingError.dataCorruptedError(
        forKey: .imageResolution, in: c,
        debugDescription: "expected [width, height], found \(resolution.count) numbers")
    }
    let distortion = try c.decodeIfPresent(LensDistortion.self, forKey: .distortion)
    var trackingState: TrackingState?
    if let name = try c.decodeIfPresent(String.self, forKey: .trackingState) {
      let reason = try c.decodeIfPresent(TrackingState.Reason.self, forKey: .trackingStateReason)
      guard let state = TrackingState(name: name, reason: reason) else {
        throw DecodingError.dataCorruptedError(
          forKey: .trackingState, in: c,
          debugDescription:
            "expected one of \(TrackingState.allNames.joined(separator: ", ")), with "
            + "trackingStateReason exactly when limited; got \"\(name)\""
            + (reason.map { " with reason \($0.name)" } ?? ""))
      }
      trackingState = state
    }
    do {
      try self.init(
        transform: transform, intrinsics: intrinsics,
        imageResolution: Size(width: resolution[0], height: resolution[1]),
        distortion: distortion, trackingState: trackingState)
    } catch {
      let key: CodingKeys =
        switch error {
        case .imageResolutionNotPositive: .imageResolution
        case .distortionNotFinite: .distortion
        default: .transform
        }
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: error.description)
    }
  }

  /// Encodes the recording format's camera object (distortion only when present).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(transform, forKey: .transform)
    try c.encode(intrinsics, forKey: .intrinsics)
    try c.encode([imageResolution.width, imageResolution.height], forKey: .imageResolution)
    try c.encodeIfPresent(distortion, forKey: .distortion)
    try c.encodeIfPresent(trackingState?.name, forKey: .trackingState)
    try c.encodeIfPresent(trackingState?.reason, forKey: .trackingStateReason)
  }
}
