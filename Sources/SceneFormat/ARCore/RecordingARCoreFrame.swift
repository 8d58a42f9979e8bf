import ARSimulation
import SpatialMath

/// The ARCore members of one frame of an `"arcore"` recording: the frame's `"arcore"` member,
/// `{"imageIntrinsics"?, "trackingState"?, "trackingFailureReason"?, "displayGeometry"?,
/// "pointConfidences"?,
/// "planeStates"?, "mlKitObjects"?}`. The frame's common members hold the rest: `camera.transform`
/// is `Camera.getPose()` (ARCore's camera axes are ARKit's), `camera.intrinsics` and
/// `camera.imageResolution` the GPU texture's intrinsics in ARKit's matrix form, `planes` the
/// planes (``RecordingFrame/arcoreFrame(session:)`` converts them), `featurePoints` the point
/// cloud.
public struct RecordingARCoreFrame: Sendable, Hashable {
  /// `Camera.getImageIntrinsics()`: the CPU image stream, or `nil` when the CPU image is the
  /// texture itself.
  public var imageIntrinsics: RecordingARCoreIntrinsics?
  /// `Camera.getTrackingState()`; `TRACKING` when the JSON omits it.
  public var trackingState: ARCore.TrackingState
  /// `Camera.getTrackingFailureReason()`; `NONE` when the JSON omits it. Another reason needs
  /// `trackingState` `PAUSED` (ARCore reports `NONE` while tracking).
  public var trackingFailureReason: ARCore.TrackingFailureReason
  /// The display geometry when it changed from the header's (the device rotated), else `nil`.
  public var displayGeometry: RecordingDisplayGeometry?
  /// One confidence in `0...1` per feature point (`PointCloud.getPoints()`' fourth value), or
  /// `nil` (all 1).
  public var pointConfidences: [Double]?
  /// Planes whose tracking state is not `TRACKING` or that were subsumed: `{"identifier",
  /// "trackingState"?, "subsumedBy"?}` per plane of the frame.
  public var planeStates: [PlaneState]
  /// ML Kit's detections on this frame's CPU image.
  public var mlKitObjects: [RecordingMLKitObject]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// The state of one plane: `{"identifier", "trackingState"?, "subsumedBy"?}`.
  public struct PlaneState: Sendable, Hashable {
    /// The plane's identifier among the frame's `planes`.
    public var identifier: String
    /// `Plane.getTrackingState()`; `TRACKING` when omitted.
    public var trackingState: ARCore.TrackingState
    /// `Plane.getSubsumedBy()`: the identifier of the plane that merged this one, or `nil`.
    public var subsumedBy: String?

    /// Creates a plane state.
    public init(
      identifier: String, trackingState: ARCore.TrackingState = .tracking,
      subsumedBy: String? = nil
    ) {
      self.identifier = identifier
      self.trackingState = trackingState
      self.subsumedBy = subsumedBy
    }
  }

  /// Creates the ARCore members of a frame; call ``validate()`` to check them.
  public init(
    imageIntrinsics: RecordingARCoreIntrinsics? = nil,
    trackingState: ARCore.TrackingState = .tracking,
    trackingFailureReason: ARCore.TrackingFailureReason = .none,
    displayGeometry: RecordingDisplayGeometry? = nil, pointConfidences: [Double]? = nil,
    planeStates: [PlaneState] = [], mlKitObjects: [RecordingMLKitObject] = [],
    extras: [String: JSONValue] = [:]
  ) {
    self.imageIntrinsics = imageIntrinsics
    self.trackingState = trackingState
    self.trackingFailureReason = trackingFailureReason
    self.displayGeometry = displayGeometry
    self.pointConfidences = pointConfidences
    self.planeStates = planeStates
    self.mlKitObjects = mlKitObjects
    self.extras = extras
  }

  /// Checks every part (confidences in `0...1`, a failure reason only while `PAUSED`). Whether plane states and confidences match the
  /// frame's planes and points is checked by ``RecordingFrame/validate()``.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the block (`mlKitObjects[2].boundingBox`).
  public func validate() throws {
    if trackingFailureReason != .none, trackingState != .paused {
      throw InputFileError(
        .invalidValue,
        "a tracking failure reason (\(trackingFailureReason.name)) needs trackingState PAUSED, "
          + "got \(trackingState.name)", path: [.key("trackingFailureReason")])
    }
    do { try imageIntrinsics?.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("imageIntrinsics"))
    }
    do { try displayGeometry?.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("displayGeometry"))
    }
    for (offset, c) in (pointConfidences ?? []).enumerated() where !(0...1).contains(c) {
      throw InputFileError(
        .invalidValue, "confidence must be in [0, 1], got \(JSONWriter.text(of: c))",
        path: [.key("pointConfidences"), .index(offset)])
    }
    for (offset, object) in mlKitObjects.enumerated() {
      do { try object.validate() } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("mlKitObjects"))
      }
    }
  }

  /// Checks the block against its frame: one confidence per feature point, plane states naming
  /// planes of the frame (each once), `subsumedBy` naming another plane identifier.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the block.
  func validate(planeIdentifiers: [String], pointCount: Int) throws {
    if let pointConfidences, pointConfidences.count != pointCount {
      throw InputFileError(
        .invalidValue,
        "expected one confidence per feature point (\(pointCount)), got \(pointConfidences.count)",
        path: [.key("pointConfidences")])
    }
    var seen: Set<String> = []
    for (offset, state) in planeStates.enumerated() {
      let path: [InputFileError.PathComponent] = [.key("planeStates"), .index(offset)]
      guard planeIdentifiers.contains(state.identifier) else {
        throw InputFileError(
          .invalidValue, "no plane \"\(state.identifier)\" in this frame",
          path: path + [.key("identifier")])
      }
      guard seen.insert(state.identifier).inserted else {
        throw InputFileError(
          .invalidValue, "plane \"\(state.identifier)\" listed twice",
          path: path + [.key("identifier")])
      }
      if let other = state.subsumedBy, other == state.identifier || other.isEmpty {
        throw InputFileError(
          .invalidValue, "a plane cannot be subsumed by \"\(other)\"",
          path: path + [.key("subsumedBy")])
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    imageIntrinsics = try object.optional("imageIntrinsics") {
      try RecordingARCoreIntrinsics(json: $0, strict: strict)
    }
    trackingState =
      try object.optional("trackingState") {
        try $0.named(ARCore.TrackingState.self, what: "trackingState")
      } ?? .tracking
    trackingFailureReason =
      try object.optional("trackingFailureReason") {
        try $0.named(ARCore.TrackingFailureReason.self, what: "trackingFailureReason")
      } ?? .none
    displayGeometry = try object.optional("displayGeometry") {
      try RecordingDisplayGeometry(json: $0, strict: strict)
    }
    pointConfidences = try object.optional("pointConfidences") { try $0.numbers(count: nil) }
    planeStates =
      try object.optional("planeStates") {
        try $0.array { value in
          var state = try JSONObjectReader(value, strict: strict)
          let identifier = try state.required("identifier") { try $0.string() }
          let tracking =
            try state.optional("trackingState") {
              try $0.named(ARCore.TrackingState.self, what: "trackingState")
            } ?? .tracking
          let subsumedBy = try state.optional("subsumedBy") { try $0.string() }
          _ = try state.extras()
          return PlaneState(identifier: identifier, trackingState: tracking, subsumedBy: subsumedBy)
        }
      } ?? []
    mlKitObjects =
      try object.optional("mlKitObjects") {
        try $0.array { try RecordingMLKitObject(json: $0, strict: strict) }
      } ?? []
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; `trackingState` and `mlKitObjects` always written,
  /// `trackingFailureReason` when not `NONE`).
  public var jsonValue: JSONValue {
    var members = extras
    if let imageIntrinsics { members["imageIntrinsics"] = imageIntrinsics.jsonValue }
    members["trackingState"] = .string(trackingState.name)
    if trackingFailureReason != .none {
      members["trackingFailureReason"] = .string(trackingFailureReason.name)
    }
    if let displayGeometry { members["displayGeometry"] = displayGeometry.jsonValue }
    if let pointConfidences { members["pointConfidences"] = .numbers(pointConfidences) }
    if !planeStates.isEmpty {
      members["planeStates"] = .array(
        planeStates.map { state in
          var object: [String: JSONValue] = [
            "identifier": .string(state.identifier),
            "trackingState": .string(state.trackingState.name),
          ]
          if let subsumedBy = state.subsumedBy { object["subsumedBy"] = .string(subsumedBy) }
          return .object(object)
        })
    }
    members["mlKitObjects"] = .array(mlKitObjects.map(\.jsonValue))
    return .object(members)
  }
}
