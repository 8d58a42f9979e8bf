import ARSimulation
import Foundation
import SpatialMath

/// Converts a Niantic Lightship ARDK playback capture (the directory with `capture.json`, as
/// Lightship's recorder writes it and its playback reads it) into a ``Recording``.
///
/// `capture.json`: `{"resolution": [w, h], "framerate", "frameCount", "depthSource"?, "frames":
/// [...]}`; each frame `{"sequence", "image", "timestamp", "pose4x4": [16], "projection"?: [16],
/// "resolution": [w, h], "intrinsics": [fx, fy, cx, cy, s], "tracking", "trackingReason"?,
/// "exposure"?, "depth"?, "location"?}`. Every member but those read below is kept in the
/// frame's (or header's) extras under `lightship`.
///
/// Conventions converted:
/// - `pose4x4` is camera-to-world (worldFromCamera), **column-major**, in **OpenGL's camera
///   convention** (+x to the right of the image, +y up it, the camera looking along -z) in a
///   right-handed, gravity-aligned world with +y up (Lightship's playback turns it into Unity's
///   left-handed frame by flipping z; nothing here is Unity's). Those are ARKit's camera axes and
///   world, so the 16 numbers are the recording's `camera.transform` unchanged.
/// - `intrinsics` `[fx, fy, cx, cy, s]` (pixels, for the frame's `resolution`) become the
///   column-major matrix `[fx, 0, 0, s, fy, 0, cx, cy, 1]` (`s` is the skew, 0 in practice).
///   The principal point is taken as ARKit counts it (pixel centres at integers): Lightship
///   passes on the platform's intrinsics and does not say otherwise.
///   Intrinsics, resolution and pose all describe the stored image in its own orientation:
///   landscape (`w > h`, the camera's natural orientation, identity pose = landscape-left) on a
///   phone capture. How an app showed it (portrait viewport, Vision `.right`) is not recorded:
///   ``vision`` and ``viewport`` are parameters.
/// - `tracking` (0 not available, 1 limited, 2 normal, ARKit's order) and `trackingReason` (0 none,
///   1 initializing, 2 relocalizing, 3 excessive motion, 4 insufficient features) become
///   `camera.trackingState`.
/// - `timestamp` (POSIX seconds) is the frame's timestamp; timestamps must increase.
public struct LightshipImporter: Sendable, Hashable {
  /// The capture file's name inside the directory.
  public static let captureFileName = "capture.json"

  /// The Vision request the recording says the app ran (default `.right`, centerCrop, 416x416).
  public var vision: RecordingVision
  /// The view the recording says the app showed (default 390x844 points, portrait).
  public var viewport: RecordingViewport

  /// Creates an importer with the app settings the capture does not record.
  public init(
    vision: RecordingVision = RecordingVision(
      cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416),
      orientation: .right),
    viewport: RecordingViewport = RecordingViewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
  ) {
    self.vision = vision
    self.viewport = viewport
  }

  /// Reads `capture.json` in `directory` and returns a validated recording.
  ///
  /// - Throws: ``InputFileError`` naming `capture.json` and the JSON path (`frames[3].pose4x4`):
  ///   `.io`, `.syntax`, `.missingField`, `.typeMismatch`, `.invalidValue` (a matrix of the wrong
  ///   size or not rigid, a tracking value out of range, timestamps not increasing, any value the
  ///   recording format refuses), `.limitExceeded` beyond `limits`.
  public func importRecording(directory: String, limits: RecordingLimits = .default) throws
    -> Recording
  {
    let path = (directory as NSString).appendingPathComponent(Self.captureFileName)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputFileError(.io, "cannot read the file", file: Self.captureFileName)
    }
    do {
      try limits.checkJSONDocumentBytes(data.count)
      let json = try JSONParser.parse([UInt8](data), maximumDepth: limits.parserDepth)
      return try importRecording(json: json, limits: limits)
    } catch let error as InputFileError {
      throw error.located(file: Self.captureFileName)
    }
  }

  /// Converts a parsed `capture.json`.
  public func importRecording(json: JSONValue, limits: RecordingLimits = .default) throws
    -> Recording
  {
    var object = try JSONObjectDecoder(json, strict: false)
    var previous: Double?
    let frames = try object.required("frames") { value in
      guard (value.arrayCount ?? 0) <= limits.maximumFrames else {
        throw InputFileError(
          .limitExceeded, "more than \(limits.maximumFrames) frames (maximumFrames)")
      }
      return try value.array { element in
        let frame = try Self.frame(element)
        if let previous, !(frame.timestamp > previous) {
          throw InputFileError(
            .invalidValue,
            "timestamp \(JSONWriter.text(of: frame.timestamp)) is not after the previous frame's \(JSONWriter.text(of: previous))",
            path: [.key("timestamp")])
        }
        previous = frame.timestamp
        return frame
      }
    }
    guard !frames.isEmpty else {
      throw InputFileError(.invalidValue, "no frames", path: [.key("frames")])
    }
    let header = RecordingHeader(
      vision: vision, viewport: viewport,
      extras: [
        "source": .object([
          "importer": .string("lightship"), "lightship": .object(try object.extras()),
        ])
      ])
    let recording = Recording(header: header, frames: frames)
    try recording.validate()
    return recording
  }

  /// ARKit's tracking state from Lightship's `tracking` and `trackingReason`.
  static func trackingState(_ tracking: Int, reason: Int) -> Camera.TrackingState? {
    switch tracking {
    case 0: return .notAvailable
    case 1:
      let reasons: [Int: Camera.TrackingState.Reason] = [
        1: .initializing, 2: .relocalizing, 3: .excessiveMotion, 4: .insufficientFeatures,
      ]
      return .limited(reasons[reason] ?? .initializing)
    case 2: return .normal
    default: return nil
    }
  }

  /// One recording frame of a capture frame.
  static func frame(_ json: JSONValue) throws -> RecordingFrame {
    var object = try JSONObjectDecoder(json, strict: false)
    let timestamp = try object.required("timestamp") { try $0.number() }
    let pose = try object.required("pose4x4") { try $0.numbers(count: 16) }
    do {
      try RecordingValidation.requireRigid(pose)
    } catch let error as InputFileError {
      throw error.prefixed(.key("pose4x4"))
    }
    let k = try object.required("intrinsics") { try $0.numbers(count: 5) }
    let resolution = try object.required("resolution") { try $0.numbers(count: 2) }
    func whole(_ value: JSONValue, _ range: ClosedRange<Double>) throws -> Int {
      let n = try value.number()
      guard range.contains(n), n == n.rounded() else {
        throw InputFileError(
          .invalidValue,
          "must be a whole number in \(Int(range.lowerBound))...\(Int(range.upperBound)), got \(JSONWriter.text(of: n))"
        )
      }
      return Int(n)
    }
    let tracking = try object.required("tracking") { try whole($0, 0...2) }
    let reason = try object.optional("trackingReason") { try whole($0, 0...4) } ?? 0
    let camera = RecordingCamera(
      transform: pose, intrinsics: [k[0], 0, 0, k[4], k[1], 0, k[2], k[3], 1],
      imageResolution: Size(width: resolution[0], height: resolution[1]),
      trackingState: trackingState(tracking, reason: reason))
    var frame = RecordingFrame(timestamp: timestamp, camera: camera)
    let rest = try object.extras()
    if !rest.isEmpty { frame.extras["lightship"] = .object(rest) }
    return frame
  }
}
