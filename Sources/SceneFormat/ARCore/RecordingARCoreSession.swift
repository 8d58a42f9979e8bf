import ARSimulation

/// The ARCore session settings of an `"arcore"` recording: the header's `"arcore"` member,
/// `{"displayGeometry": {...}, "sensorOrientation"?: 90, "principalPointConvention"?:
/// "pixelCentersAtIntegers", "instantPlacementMode"?: "DISABLED", "depthMode"?: "DISABLED"}`.
public struct RecordingARCoreSession: Sendable, Hashable {
  /// The display geometry in force unless a frame overrides it.
  public var displayGeometry: RecordingDisplayGeometry
  /// `CameraCharacteristics.SENSOR_ORIENTATION` in degrees: 0, 90, 180 or 270. Default 90.
  public var sensorOrientation: Int
  /// How the intrinsics' principal points are counted. Default `pixelCentersAtIntegers`.
  public var principalPointConvention: ARCore.PrincipalPointConvention
  /// The session's instant placement mode. Default `DISABLED`.
  public var instantPlacementMode: ARCore.Frame.InstantPlacementMode
  /// The session's depth mode (`Config.DepthMode`): what the frames' depth (`sceneDepth`,
  /// `smoothedSceneDepth`) gives the app. Default `DISABLED`.
  public var depthMode: ARCore.Frame.DepthMode
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates session settings; call ``validate()`` to check them.
  public init(
    displayGeometry: RecordingDisplayGeometry, sensorOrientation: Int = 90,
    principalPointConvention: ARCore.PrincipalPointConvention = .pixelCentersAtIntegers,
    instantPlacementMode: ARCore.Frame.InstantPlacementMode = .disabled,
    depthMode: ARCore.Frame.DepthMode = .disabled, extras: [String: JSONValue] = [:]
  ) {
    self.displayGeometry = displayGeometry
    self.sensorOrientation = sensorOrientation
    self.principalPointConvention = principalPointConvention
    self.instantPlacementMode = instantPlacementMode
    self.depthMode = depthMode
    self.extras = extras
  }

  /// Checks the display geometry and the sensor orientation.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the block (`sensorOrientation`).
  public func validate() throws {
    do { try displayGeometry.validate() } catch let error as InputFileError {
      throw error.prefixed(.key("displayGeometry"))
    }
    guard ARCore.rightAngleDegrees.contains(sensorOrientation) else {
      throw InputFileError(
        .invalidValue, "must be \(ARCore.rightAngleDegreesDescription), got \(sensorOrientation)",
        path: [.key("sensorOrientation")])
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    displayGeometry = try object.required("displayGeometry") {
      try RecordingDisplayGeometry(json: $0, strict: strict)
    }
    sensorOrientation =
      try object.optional("sensorOrientation") { value in
        let degrees = try value.number()
        guard ARCore.rightAngleDegrees.map(Double.init).contains(degrees) else {
          throw InputFileError(
            .invalidValue,
            "must be \(ARCore.rightAngleDegreesDescription), got \(JSONWriter.text(of: degrees))")
        }
        return Int(degrees)
      } ?? 90
    principalPointConvention =
      try object.optional("principalPointConvention") {
        try $0.named(ARCore.PrincipalPointConvention.self, what: "principalPointConvention")
      } ?? .pixelCentersAtIntegers
    instantPlacementMode =
      try object.optional("instantPlacementMode") {
        try $0.named(ARCore.Frame.InstantPlacementMode.self, what: "instantPlacementMode")
      } ?? .disabled
    depthMode =
      try object.optional("depthMode") {
        try $0.named(ARCore.Frame.DepthMode.self, what: "depthMode")
      } ?? .disabled
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; every member written).
  public var jsonValue: JSONValue {
    var members = extras
    members["displayGeometry"] = displayGeometry.jsonValue
    members["sensorOrientation"] = .number(Double(sensorOrientation))
    members["principalPointConvention"] = .string(principalPointConvention.name)
    members["instantPlacementMode"] = .string(instantPlacementMode.name)
    members["depthMode"] = .string(depthMode.name)
    return .object(members)
  }
}
