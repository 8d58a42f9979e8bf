import ARSimulation
import SpatialMath

/// One recorded frame (`ARFrame` plus the detector's output), exactly as in the JSON:
/// `{"timestamp", "camera", "displayTransform"?, "interfaceOrientation"?, "viewport"?,
/// "vision"?, "planes", "featurePoints"?, "detections", "arcore"?}` plus the optional Vision
/// outputs `"detectionsImageTimestamp"`, `"detectionCandidates"`, `"trackedObjects"`, `"points"`
/// and `"contours"` (see `RecordingFrame+VisionOutputs.swift`), and the app's anchors
/// `"appAnchors"` (see `RecordingFrame+Anchors.swift`) and the LiDAR depth `"sceneDepth"` and
/// `"smoothedSceneDepth"` (``RecordingDepth``).
public struct RecordingFrame: Sendable, Hashable {
  /// Capture time in seconds (`ARFrame.timestamp`); strictly increasing across frames.
  public var timestamp: Double
  /// The camera.
  public var camera: RecordingCamera
  /// The display transform the device reported (image normalized -> viewport normalized,
  /// CGAffineTransform fields), or `nil` when not recorded.
  public var displayTransform: AffineTransform2D?
  /// This frame's interface orientation when it overrides the header's viewport, else `nil`.
  public var interfaceOrientation: InterfaceOrientation?
  /// This frame's viewport when it overrides the header's (the device rotated, a split view
  /// resized), else `nil`.
  public var viewport: RecordingViewport?
  /// The Vision request settings of this frame's detections when they override the header's
  /// (the app changed its region of interest or its orientation), else `nil`.
  public var vision: RecordingVision?
  /// Plane anchors; identifiers unique within the frame. Empty when the JSON omits `planes`.
  public var planes: [RecordingPlane]
  /// Feature points, or `nil` when the frame has none.
  public var featurePoints: RecordingFeaturePoints?
  /// Detections. Empty when the JSON omits `detections`.
  public var detections: [RecordingDetection]
  /// The capture time of the image `detections` and `detectionCandidates` were computed on
  /// (seconds, at most `timestamp`: a result delivered late), or `nil` for this frame's image.
  public var detectionsImageTimestamp: Double?
  /// The detector model's raw candidates before non-maximum suppression, or `nil` when not
  /// recorded.
  public var detectionCandidates: [RecordingDetectionCandidate]?
  /// The object tracker's results on this frame's image, or `nil` when not recorded.
  public var trackedObjects: [RecordingTrackedObject]?
  /// Point observations (hands, bodies) on this frame's image, or `nil` when not recorded.
  public var points: [RecordingPointsObservation]?
  /// Contours found on this frame's image, or `nil` when not recorded.
  public var contours: [RecordingContour]?
  /// The ARCore members of an `"arcore"` recording's frame, or `nil`.
  public var arcore: RecordingARCoreFrame?
  /// The anchors the app had added (not planes), or `nil` when not recorded; identifiers unique
  /// within the frame and distinct from the planes'.
  public var appAnchors: [RecordingAppAnchor]?
  /// The LiDAR depth of this frame (`ARFrame.sceneDepth`), or `nil` when not recorded (no LiDAR,
  /// or between depth frames).
  public var sceneDepth: RecordingDepth?
  /// The temporally smoothed depth (`ARFrame.smoothedSceneDepth`), or `nil` when not recorded.
  public var smoothedSceneDepth: RecordingDepth?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a frame; call ``validate()`` to check it.
  public init(
    timestamp: Double, camera: RecordingCamera, displayTransform: AffineTransform2D? = nil,
    interfaceOrientation: InterfaceOrientation? = nil, viewport: RecordingViewport? = nil,
    vision: RecordingVision? = nil, planes: [RecordingPlane] = [],
    featurePoints: RecordingFeaturePoints? = nil, detections: [RecordingDetection] = [],
    arcore: RecordingARCoreFrame? = nil,
    extras: [String: JSONValue] = [:]
  ) {
    self.timestamp = timestamp
    self.camera = camera
    self.displayTransform = displayTransform
    self.interfaceOrientation = interfaceOrientation
    self.viewport = viewport
    self.vision = vision
    self.planes = planes
    self.featurePoints = featurePoints
    self.detections = detections
    self.arcore = arcore
    self.extras = extras
  }

  /// Checks every part of the frame and that plane identifiers are unique (ordering against
  /// other frames is checked by ``Recording/validate()`` and the JSON Lines reader).
  ///
  /// - Throws: ``InputFileError`` with a path relative to the frame (`planes[1].identifier`).
  public func validate() throws {
    try RecordingValidation.requireFinite(timestamp, "timestamp")
    do { try camera.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("camera"))
    }
    if let t = displayTransform,
      !(t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite
        && t.ty.isFinite)
    {
      for (key, value) in [
        ("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty),
      ]
      where !value.isFinite {
        throw InputFileError(
          .invalidValue, "must be finite, got \(value)",
          path: [.key("displayTransform"), .key(key)])
      }
    }
    if let viewport {
      do { try viewport.validate() } catch let error as InputFileError {
        throw error.prefixed(.key("viewport"))
      }
    }
    if let vision {
      do { try vision.validate() } catch let error as InputFileError {
        throw error.prefixed(.key("vision"))
      }
    }
    // Duplicate identifiers: by comparing with the earlier planes when there are few, else
    // with a dictionary (the first plane that repeats one is reported, naming the earlier).
    var identifiers: [String: Int] = [:]
    for (offset, plane) in planes.enumerated() {
      do {
        try plane.validate()
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("planes"))
      }
      let first: Int?
      if planes.count <= 16 {
        first = planes[..<offset].firstIndex { $0.identifier == plane.identifier }
      } else {
        first = identifiers.updateValue(offset, forKey: plane.identifier)
      }
      if let first {
        throw InputFileError(
          .invalidValue,
          "duplicate plane identifier \"\(plane.identifier)\" (also planes[\(first)])",
          path: [.key("planes"), .index(offset), .key("identifier")])
      }
    }
    if let featurePoints {
      do { try featurePoints.validate() } catch let error as InputFileError {
        throw error.prefixed(.key("featurePoints"))
      }
    }
    for (offset, detection) in detections.enumerated() {
      do {
        try detection.validate()
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("detections"))
      }
    }
    if let arcore {
      do {
        try arcore.validate()
        try arcore.validate(
          planeIdentifiers: planes.map(\.identifier), pointCount: featurePoints?.points.count ?? 0)
      } catch let error as InputFileError {
        throw error.prefixed(.key("arcore"))
      }
    }
    try validateVisionOutputs()
    try validateAppAnchors()
    for (key, depth) in [("sceneDepth", sceneDepth), ("smoothedSceneDepth", smoothedSceneDepth)] {
      do { try depth?.validate() } catch let error as InputFileError {
        throw error.prefixed(.key(key))
      }
    }
  }

  /// Decodes (and validates) a frame from a parsed JSON object; errors carry paths relative to
  /// the frame. Unknown members go to ``extras``, or are an error when `strict`.
  public init(json: JSONValue, strict: Bool = false) throws {
    self = try JSONDocument.withElement(of: json) { try RecordingFrame(json: $0, strict: strict) }
  }

  /// Decodes (and validates) a frame from an element of a parsed document, as
  /// ``init(json:strict:)``.
  package init(json: JSONElement, strict: Bool = false) throws {
    var object = try JSONObjectReader(json, strict: strict)
    timestamp = try object.required("timestamp") { try $0.number() }
    camera = try object.required("camera") { try RecordingCamera(json: $0, strict: strict) }
    displayTransform = try object.optional("displayTransform") { value in
      var members = try JSONObjectReader(value, strict: true)
      let a = try members.required("a") { try $0.number() }
      let b = try members.required("b") { try $0.number() }
      let c = try members.required("c") { try $0.number() }
      let d = try members.required("d") { try $0.number() }
      let tx = try members.required("tx") { try $0.number() }
      let ty = try members.required("ty") { try $0.number() }
      _ = try members.extras()
      return AffineTransform2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
    interfaceOrientation = try object.optional("interfaceOrientation") {
      try $0.named(InterfaceOrientation.self, what: "interfaceOrientation")
    }
    viewport = try object.optional("viewport") { try RecordingViewport(json: $0, strict: strict) }
    vision = try object.optional("vision") { try RecordingVision(json: $0, strict: strict) }
    planes =
      try object.optional("planes") {
        try $0.array { try RecordingPlane(json: $0, strict: strict) }
      } ?? []
    featurePoints = try object.optional("featurePoints") {
      try RecordingFeaturePoints(json: $0, strict: strict)
    }
    detections =
      try object.optional("detections") {
        try $0.array { try RecordingDetection(json: $0, strict: strict) }
      }
      ?? []
    arcore = try object.optional("arcore") { try RecordingARCoreFrame(json: $0, strict: strict) }
    extras = [:]
    try decodeVisionOutputs(&object, strict: strict)
    try decodeAppAnchors(&object, strict: strict)
    sceneDepth = try object.optional("sceneDepth") {
      try RecordingDepth(json: $0, strict: strict)
    }
    smoothedSceneDepth = try object.optional("smoothedSceneDepth") {
      try RecordingDepth(json: $0, strict: strict)
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; `planes` and `detections` always written).
  public var jsonValue: JSONValue {
    var members = extras
    members["timestamp"] = .number(timestamp)
    members["camera"] = camera.jsonValue
    if let t = displayTransform {
      members["displayTransform"] = .object([
        "a": .number(t.a), "b": .number(t.b), "c": .number(t.c), "d": .number(t.d),
        "tx": .number(t.tx), "ty": .number(t.ty),
      ])
    }
    if let interfaceOrientation {
      members["interfaceOrientation"] = .string(interfaceOrientation.name)
    }
    if let viewport { members["viewport"] = viewport.jsonValue }
    if let vision { members["vision"] = vision.jsonValue }
    members["planes"] = .array(planes.map(\.jsonValue))
    if let featurePoints { members["featurePoints"] = featurePoints.jsonValue }
    members["detections"] = .array(detections.map(\.jsonValue))
    writeVisionOutputs(into: &members)
    writeAppAnchors(into: &members)
    if let sceneDepth { members["sceneDepth"] = sceneDepth.jsonValue }
    if let smoothedSceneDepth { members["smoothedSceneDepth"] = smoothedSceneDepth.jsonValue }
    if let arcore { members["arcore"] = arcore.jsonValue }
    return .object(members)
  }
}
