import ARSimulation
import Foundation
import SceneFormat

/// A scene to synthesize a recording from (`arsim synth SPEC --seed N --out FILE`): true surfaces
/// and objects, the device, the camera path, sensor and detector models, and the Vision request
/// and viewport the app used. World space, metres and seconds throughout (the
/// spaces of the Coordinate Spaces article in ARSimulation's documentation).
///
/// JSON (`Scenes/schema/recording.schema.json#/$defs/sceneSpec`):
/// ```json
/// { "format": "arplacementsim.sceneSpec", "version": 1, "description": "...",
///   "framesPerSecond": 60, "durationSeconds": 10, "startTimestampSeconds": 0,
///   "device": {"preset": "iPhone15Pro"},
///   "vision": {"cropAndScale": "centerCrop", "modelInputSize": [416, 416], "orientation": "right"},
///   "viewport": {"size": [390, 844], "interfaceOrientation": "portrait"},
///   "arcore": {...} (instead of vision and viewport: an ARCore + ML Kit app),
///   "surfaces": [...], "objects": [...],
///   "trajectory": {...} or "recordedTrajectory": {...},
///   "tracking": {...}, "planes": {...}, "featurePoints": {...}, "detector": {...},
///   "hand": {...}, "contours": {...}, "visionRequests": {...}, "depth": {...} }
/// ```
/// `depth` (``DepthModelSpec``) adds LiDAR scene depth to the frames (the device must have
/// LiDAR); with it, or with a curved surface, the recording's truth carries the true surfaces
/// as meshes (`truth.surfaces`).
/// `hand` (``HandModelSpec``) and `contours` (``ContourModelSpec``) add hand-pose observations
/// and contours to the frames; `visionRequests` gives those requests' orientation and region of
/// interest, with the recording header's layout (copied to it).
/// Every object is strict: an unknown member is an error naming its path, as is a bad value.
/// Sensor and detector models are optional (see their types for defaults).
public struct SceneSpec: Sendable, Hashable {
  /// The value of `format` every spec carries.
  public static let formatName = "arplacementsim.sceneSpec"
  /// The largest coordinate magnitude (metres) a spec may give for positions, look-at points,
  /// drift and jump offsets, so that every pose the synthesizer derives stays finite.
  public static let coordinateLimitMeters = 1e6

  /// A free-text description (kept out of the recording), or `nil`.
  public var description: String?
  /// Frames per second (> 0, <= 1000).
  public var framesPerSecond: Double
  /// Length of the scene (seconds, > 0); frames are at `start + i / fps` for `i / fps < duration`.
  public var durationSeconds: Double
  /// The timestamp of the first frame (seconds, >= 0).
  public var startTimestampSeconds: Double
  /// The capturing device.
  public var device: SceneDeviceSpec
  /// The Vision request the app ran (also the recording's `vision`); `nil` for an ARCore scene.
  public var vision: RecordingVision?
  /// The app's viewport (also the recording's `viewport`); its interface orientation sets the
  /// camera's roll. `nil` for an ARCore scene, whose view is ``arcore``'s display geometry.
  public var viewport: RecordingViewport?
  /// The ARCore and ML Kit settings of a scene recorded on Android, else `nil` (ARKit and
  /// Vision). Exactly one of ``arcore`` and ``vision`` + ``viewport`` is given.
  public var arcore: SceneARCoreSpec?
  /// True surfaces; identifiers unique.
  public var surfaces: [SceneSurfaceSpec]
  /// True objects; ids unique, each on an existing surface.
  public var objects: [SceneObjectSpec]
  /// The synthetic camera path, or `nil` when `recordedTrajectory` is given.
  public var trajectory: TrajectorySpec?
  /// A recorded camera path, or `nil` when `trajectory` is given.
  public var recordedTrajectory: RecordedTrajectorySpec?
  /// The tracking model.
  public var tracking: TrackingModelSpec
  /// The plane-anchor model.
  public var planes: PlaneModelSpec
  /// The feature-point model.
  public var featurePoints: FeaturePointModelSpec
  /// The detector model.
  public var detector: DetectorModelSpec
  /// The pointing hand, or `nil` for none.
  public var hand: HandModelSpec?
  /// The contour request, or `nil` for none.
  public var contours: ContourModelSpec?
  /// The LiDAR depth model, or `nil` for no scene depth.
  public var depth: DepthModelSpec?
  /// The settings of the requests other than the detector's (copied to the recording header).
  public var visionRequests: [VisionRequestType: RecordingImageRequest] = [:]
  /// The directory relative paths in the spec are resolved against (the spec file's directory),
  /// or `nil` for the current directory.
  public var baseDirectory: String?

  /// The number of frames: `ceil(duration * fps)` (for a synthetic trajectory).
  public var frameCount: Int {
    Int((durationSeconds * framesPerSecond - 1e-9).rounded(.up))
  }

  /// Decodes and validates a spec from parsed JSON.
  ///
  /// - Throws: ``InputFileError`` with the JSON path (`objects[3].surface`).
  public init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    let format = try object.required("format") { try $0.string() }
    guard format == Self.formatName else {
      throw InputFileError(
        .unsupportedVersion, "format \"\(format)\" is not \"\(Self.formatName)\"",
        path: [.key("format")])
    }
    let version = try object.required("version") { try $0.number() }
    guard version == 1 else {
      throw InputFileError(
        .unsupportedVersion,
        "version \(JSONWriter.text(of: version)) is not supported; this build reads version 1",
        path: [.key("version")])
    }
    description = try object.optional("description") { try $0.string() }
    framesPerSecond =
      try object.optional("framesPerSecond") { value in
        let fps = try value.positiveNumber()
        guard fps <= 1000 else { throw InputFileError(.invalidValue, "must be <= 1000") }
        return fps
      } ?? 60
    durationSeconds =
      try object.optional("durationSeconds") { value in
        let seconds = try value.positiveNumber()
        guard seconds <= 86_400 else { throw InputFileError(.invalidValue, "must be <= 86400") }
        return seconds
      } ?? 10
    startTimestampSeconds =
      try object.optional("startTimestampSeconds") { try $0.number(atLeast: 0, atMost: 1e9) } ?? 0
    device = try object.required("device") { try SceneDeviceSpec(json: $0) }
    arcore = try object.optional("arcore") { try SceneARCoreSpec(json: $0) }
    vision = try object.optional("vision") { try RecordingVision(json: $0, strict: true) }
    viewport = try object.optional("viewport") { try RecordingViewport(json: $0, strict: true) }
    surfaces =
      try object.optional("surfaces") { try $0.array { try SceneSurfaceSpec(json: $0) } } ?? []
    objects =
      try object.optional("objects") { try $0.array { try SceneObjectSpec(json: $0) } } ?? []
    trajectory = try object.optional("trajectory") { try TrajectorySpec(json: $0) }
    recordedTrajectory = try object.optional("recordedTrajectory") {
      try RecordedTrajectorySpec(json: $0)
    }
    tracking =
      try object.optional("tracking") { try TrackingModelSpec(json: $0) } ?? TrackingModelSpec()
    planes = try object.optional("planes") { try PlaneModelSpec(json: $0) } ?? PlaneModelSpec()
    featurePoints =
      try object.optional("featurePoints") { try FeaturePointModelSpec(json: $0) }
      ?? FeaturePointModelSpec()
    detector =
      try object.optional("detector") { try DetectorModelSpec(json: $0) } ?? DetectorModelSpec()
    hand = try object.optional("hand") { try HandModelSpec(json: $0) }
    contours = try object.optional("contours") { try ContourModelSpec(json: $0) }
    depth = try object.optional("depth") { try DepthModelSpec(json: $0) }
    visionRequests =
      try object.optional("visionRequests") {
        try RecordingImageRequest.map(json: $0, strict: true)
      } ?? [:]
    _ = try object.extras()
    baseDirectory = nil
    try checkReferences()
  }

  /// Unique identifiers, existing surfaces, exactly one trajectory, ARKit or ARCore settings.
  private func checkReferences() throws {
    if arcore != nil {
      for (name, given) in [("vision", vision != nil), ("viewport", viewport != nil)] where given {
        throw InputFileError(
          .invalidValue,
          "an ARCore scene has no \"\(name)\" (ML Kit's boxes and the display geometry replace it)",
          path: [.key(name)])
      }
    } else {
      for (name, given) in [("vision", vision != nil), ("viewport", viewport != nil)] where !given {
        throw InputFileError(
          .missingField, "missing required member \"\(name)\" (or \"arcore\")")
      }
    }
    switch (trajectory, recordedTrajectory) {
    case (nil, nil):
      throw InputFileError(
        .missingField, "missing required member \"trajectory\" (or \"recordedTrajectory\")")
    case (.some, .some):
      throw InputFileError(
        .invalidValue, "give either \"trajectory\" or \"recordedTrajectory\", not both",
        path: [.key("recordedTrajectory")])
    default: break
    }
    var surfaceIndex: [String: Int] = [:]
    for (offset, spec) in surfaces.enumerated() {
      if let first = surfaceIndex.updateValue(offset, forKey: spec.surface.identifier) {
        throw InputFileError(
          .invalidValue, "duplicate surface identifier (also surfaces[\(first)])",
          path: [.key("surfaces"), .index(offset), .key("identifier")])
      }
    }
    var ids: Set<String> = []
    for (offset, spec) in objects.enumerated() {
      guard ids.insert(spec.id).inserted else {
        throw InputFileError(
          .invalidValue, "duplicate object id \"\(spec.id)\"",
          path: [.key("objects"), .index(offset), .key("id")])
      }
      guard let surfaceOffset = surfaceIndex[spec.surfaceIdentifier] else {
        throw InputFileError(
          .invalidValue, "no surface with identifier \"\(spec.surfaceIdentifier)\"",
          path: [.key("objects"), .index(offset), .key("surface")])
      }
      try Self.checkOnSurface(spec, surfaces[surfaceOffset], objectIndex: offset)
    }
    if depth != nil, !device.hasLiDAR {
      throw InputFileError(
        .invalidValue,
        "scene depth needs a device with LiDAR (\"lidar\": true, or a preset that has it)",
        path: [.key("depth")])
    }
    for (offset, target) in (hand?.targets ?? []).enumerated() where !ids.contains(target) {
      throw InputFileError(
        .invalidValue, "no object with id \"\(target)\"",
        path: [.key("hand"), .key("targets"), .index(offset)])
    }
  }

  /// How far (metres) an object's footprint centre may lie outside its surface's rectangle
  /// and still count as on it: room for rounding in hand-written specs, nothing more.
  public static let surfaceEdgeToleranceMeters: Float = 0.001

  /// Refuses an object whose footprint centre (`surfacePosition`, surface-local x and z) lies
  /// outside its surface's rectangle (`|x| <= width / 2`, `|z| <= height / 2`) by more than
  /// ``surfaceEdgeToleranceMeters``: its truth position would float beside the surface, where
  /// no raycast against the surface can reach it. A footprint that overhangs the edge while its
  /// centre is on the surface is accepted (a button at the rim of a panel).
  private static func checkOnSurface(
    _ object: SceneObjectSpec, _ surface: SceneSurfaceSpec, objectIndex: Int
  ) throws {
    let half = surface.sizeMeters / 2
    let position = object.surfacePosition
    for (axis, name) in [(0, "x"), (1, "z")] {
      let limit = half[axis] + surfaceEdgeToleranceMeters
      guard abs(position[axis]) <= limit else {
        throw InputFileError(
          .invalidValue,
          "the object is outside its surface \"\(object.surfaceIdentifier)\": surface-local "
            + "\(name) \(position[axis]) m is beyond the half \(axis == 0 ? "width" : "height") "
            + "\(half[axis]) m (surfacePosition is the footprint centre, surface-local x and z, "
            + "from the surface's centre)",
          path: [.key("objects"), .index(objectIndex), .key("surfacePosition"), .index(axis)])
      }
    }
  }

  /// Parses and decodes a spec from UTF-8 bytes; errors name `file`.
  public init(jsonBytes: [UInt8], file: String? = nil) throws {
    do {
      self = try jsonBytes.withUnsafeBufferPointer { try SceneSpec(json: JSONParser.parse($0)) }
    } catch let error as InputFileError {
      throw error.located(file: file)
    }
  }

  /// Reads a spec file; relative paths inside it resolve against its directory.
  ///
  /// Reading stops past `maximumBytes` (`.limitExceeded`, naming the limit
  /// `maximumDocumentBytes`).
  ///
  /// - Throws: ``InputFileError`` naming `path` (`.io` when it cannot be read).
  public init(
    contentsOfFile path: String,
    maximumBytes: Int = RecordingLimits.default.maximumDocumentBytes
  ) throws {
    let data = try FileReading.contents(ofFile: path, maximumBytes: maximumBytes)
    self = try SceneSpec(jsonBytes: data, file: path)
    baseDirectory = (path as NSString).deletingLastPathComponent
  }
}
