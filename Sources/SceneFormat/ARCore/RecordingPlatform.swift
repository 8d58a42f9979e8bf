import ARSimulation

/// Which AR platform recorded a session: the header's `"platform"` member, `"arkit"` when absent.
///
/// Both platforms share the geometric members (camera pose, planes, feature points, truth); an
/// `"arcore"` recording adds ARCore's display geometry, CPU image intrinsics, trackable states
/// and ML Kit boxes (``RecordingARCoreSession``, ``RecordingARCoreFrame``), and its
/// `camera.intrinsics` / `camera.imageResolution` describe the GPU texture in ARKit's form.
public enum RecordingPlatform: CaseNameCodable, Hashable {
  /// Apple's ARKit (and Vision detections).
  case arkit
  /// Google's ARCore (and ML Kit detections).
  case arcore

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The name in JSON: `"arkit"` or `"arcore"`.
  public var name: String {
    switch self {
    case .arkit: "arkit"
    case .arcore: "arcore"
    }
  }
}

extension InputFileError {
  /// Runs `body`, turning an ``ARCoreError`` it throws into an `invalidValue` error at `path`
  /// (relative to the converted object).
  static func converting<T>(
    path: [PathComponent] = [], _ body: () throws(ARCoreError) -> T
  ) throws(InputFileError) -> T {
    do {
      return try body()
    } catch {
      throw InputFileError(.invalidValue, error.description, path: path)
    }
  }
}
