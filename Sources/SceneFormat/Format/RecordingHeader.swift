import ARSimulation

/// Everything in a recording but its frames: the top-level object without `frames`, and the first
/// line of a JSON Lines recording. `{"format": "arplacementsim.recording", "version": 1,
/// "platform"?, "vision"?, "viewport"?, "arcore"?, "truth"?, "detector"?, "visionRequests"?}`.
///
/// `platform` is `"arkit"` when absent; an `"arcore"` recording needs `arcore` (its display
/// geometry and camera settings).
///
/// `vision` and `viewport` are optional (an importer of pose logs knows neither); a replay that
/// needs them takes them from its own settings when absent.
public struct RecordingHeader: Sendable, Hashable {
  /// The value of `format` every recording carries.
  public static let formatName = "arplacementsim.recording"
  /// The only `version` this build reads and writes.
  public static let supportedVersion = 1

  /// The platform that recorded the session (`"arkit"` when the JSON omits `platform`).
  public var platform: RecordingPlatform
  /// The ARCore session settings (required when ``platform`` is `arcore`), or `nil`.
  public var arcore: RecordingARCoreSession?
  /// The Vision request settings, or `nil` when not recorded.
  public var vision: RecordingVision?
  /// The viewport, or `nil` when not recorded.
  public var viewport: RecordingViewport?
  /// Ground truth, or `nil` for an unannotated recording.
  public var truth: RecordingTruth?
  /// How the app ran its detector (rate, latency, NMS), or `nil` when not recorded.
  public var detector: RecordingDetectorSettings?
  /// The settings of requests other than the Core ML detector's (hand and body pose, contours,
  /// object tracking); empty when the JSON omits `visionRequests`.
  public var visionRequests: [VisionRequestType: RecordingImageRequest] = [:]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a header (format and version are implied).
  public init(
    vision: RecordingVision? = nil, viewport: RecordingViewport? = nil,
    truth: RecordingTruth? = nil, platform: RecordingPlatform = .arkit,
    arcore: RecordingARCoreSession? = nil, extras: [String: JSONValue] = [:]
  ) {
    self.platform = platform
    self.arcore = arcore
    self.vision = vision
    self.viewport = viewport
    self.truth = truth
    self.extras = extras
  }

  /// Checks the parts of the header.
  ///
  /// - Throws: ``InputFileError`` with a path from the root (`vision.modelInputSize[0]`).
  public func validate() throws {
    do { try vision?.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("vision"))
    }
    do { try viewport?.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("viewport"))
    }
    do { try truth?.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("truth"))
    }
    do { try detector?.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("detector"))
    }
    for type in VisionRequestType.allCases {
      do { try visionRequests[type]?.validate() } catch let error as InputFileError {
        throw error.prefixed(.key(type.name)).prefixed(.key("visionRequests"))
      }
    }
    do { try arcore?.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("arcore"))
    }
    if platform == .arcore, arcore == nil {
      throw InputFileError(
        .invalidValue,
        "an \"arcore\" recording needs \"arcore\": {\"displayGeometry\": {...}}",
        path: [.key("arcore")])
    }
  }

  /// Decodes (and validates) a header from a parsed top-level object whose `frames` member has
  /// been removed. `format` and `version` are checked first, so a file of another version is
  /// refused with a clear message before anything else is read.
  public init(json: JSONValue, strict: Bool = false) throws {
    self = try JSONDocument.withElement(of: json) { try RecordingHeader(json: $0, strict: strict) }
  }

  /// Decodes (and validates) a header from an element of a parsed document, as
  /// ``init(json:strict:)``.
  package init(json: JSONElement, strict: Bool = false) throws {
    var object = try JSONObjectReader(json, strict: strict)
    try self.init(object: &object, strict: strict)
  }

  /// Decodes (and validates) a header from the members of `object` (a recording's top-level
  /// object, whose `frames` the caller skips).
  package init(object: inout JSONObjectReader, strict: Bool) throws {
    let format = try object.required("format") { try $0.string() }
    guard format == Self.formatName else {
      throw InputFileError(
        .unsupportedVersion,
        "format \"\(format)\" is not \"\(Self.formatName)\"; this build reads only recordings",
        path: [.key("format")])
    }
    let version = try object.required("version") { try $0.number() }
    guard version == Double(Self.supportedVersion) else {
      throw InputFileError(
        .unsupportedVersion,
        "version \(JSONWriter.text(of: version)) is not supported; "
          + "this build reads version \(Self.supportedVersion)",
        path: [.key("version")])
    }
    platform =
      try object.optional("platform") { try $0.named(RecordingPlatform.self, what: "platform") }
      ?? .arkit
    arcore = try object.optional("arcore") { try RecordingARCoreSession(json: $0, strict: strict) }
    vision = try object.optional("vision") { try RecordingVision(json: $0, strict: strict) }
    viewport = try object.optional("viewport") { try RecordingViewport(json: $0, strict: strict) }
    truth = try object.optional("truth") { try RecordingTruth(json: $0, strict: strict) }
    detector = try object.optional("detector") {
      try RecordingDetectorSettings(json: $0, strict: strict)
    }
    visionRequests =
      try object.optional("visionRequests") {
        try RecordingImageRequest.map(json: $0, strict: strict)
      } ?? [:]
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras, format and version included; no `frames`).
  public var jsonValue: JSONValue {
    var members = extras
    members["format"] = .string(Self.formatName)
    members["version"] = .number(Double(Self.supportedVersion))
    if let vision { members["vision"] = vision.jsonValue }
    if let viewport { members["viewport"] = viewport.jsonValue }
    if let truth { members["truth"] = truth.jsonValue }
    if let detector { members["detector"] = detector.jsonValue }
    if !visionRequests.isEmpty {
      members["visionRequests"] = .object(
        Dictionary(uniqueKeysWithValues: visionRequests.map { ($0.key.name, $0.value.jsonValue) }))
    }
    if platform != .arkit { members["platform"] = .string(platform.name) }
    if let arcore { members["arcore"] = arcore.jsonValue }
    return .object(members)
  }
}
