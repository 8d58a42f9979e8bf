import ARSimulation
import Foundation
import SpatialMath

/// Converts an Objectron clip (github.com/google-research-datasets/Objectron) into a
/// ``Recording`` with truth.
///
/// Sources:
/// - `geometry.pbdata`: a sequence of records, each a little-endian `uint32` length followed by
///   that many bytes of a serialized `ARFrame` message (MediaPipe's
///   `a_r_capture_metadata.proto`): ARKit's own frame as the capture app saw it.
/// - the annotation file (`annotation.pbdata`): one `Sequence` message (`annotation_data.proto`):
///   the hand-annotated 3D boxes (`Object`, `object.proto`) in world coordinates.
///
/// Each `ARFrame` becomes one frame:
/// - `timestamp` (seconds, ARKit's clock) as is; timestamps must increase.
/// - `camera.transform`: the message's 16 floats are **row-major** (`ARCamera.transform`,
///   worldFromCamera, ARKit's camera axes: +x along the landscape image's rows, +y up, looking
///   along -z); they are transposed into the recording's column-major order.
/// - `camera.intrinsics`: 9 floats **row-major** `[fx 0 cx; 0 fy cy; 0 0 1]`, transposed to
///   column-major. They and `image_resolution_width` x `_height` describe ARKit's captured image
///   in the sensor's **landscape** orientation (1920x1440 on the clips' iPhones), as ARKit reports
///   them. The clips' videos are portrait (the landscape image turned 90° clockwise): that is the
///   viewport (``viewport``, portrait by default) and the Vision orientation (``vision``, `.right`
///   by default), not a change of the camera.
/// - `camera.trackingState` from `tracking_state` and `tracking_state_reason` (`NORMAL`,
///   `LIMITED` with its reason, `UNAVAILABLE`).
/// - `planes`: each `ARPlaneAnchor` (transform row-major, transposed; `center`; `extent` x and z as
///   width and height; the geometry's `boundary_vertices`; alignment; classification).
/// - `featurePoints`: `raw_feature_points` with their identifiers.
///
/// Each annotated `Object` becomes a truth object: id `"<category>-<id>"`, label the category,
/// position the box centre (`translation`, world metres), size the box `scale` (metres, the box's
/// own x, y, z); the rotation (row-major on the wire) is kept column-major as the extra member
/// `rotation` (9 numbers), so the box's corners are `rotation · (scale ∘ k) + position` for `k` in
/// `{±0.5}³`. The frame annotations (their cameras repeat the geometry file's; their keypoints are
/// the boxes' projections) are not read. Detections are not in the clip: ``ObjectronDetections``
/// in SceneSynthesis makes them from the projected boxes with the synthesizer's detector model.
public struct ObjectronImporter: Sendable, Hashable {
  /// The Vision request the recording says the app ran (default `.right`, centerCrop, 416x416:
  /// a portrait app's upright image of the landscape capture).
  public var vision: RecordingVision
  /// The view the recording says the app showed (default 360x480 points, portrait: the clips'
  /// 3:4 portrait video, uncropped).
  public var viewport: RecordingViewport

  /// Creates an importer with the app settings the clip does not record.
  public init(
    vision: RecordingVision = RecordingVision(
      cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416),
      orientation: .right),
    viewport: RecordingViewport = RecordingViewport(
      size: Size(width: 360, height: 480), interfaceOrientation: .portrait)
  ) {
    self.vision = vision
    self.viewport = viewport
  }

  /// Reads the two files and returns a validated recording.
  ///
  /// - Throws: ``InputFileError``: `.io` when a file cannot be read, `.importFormat` naming the
  ///   file, the record (0-based) and the byte offset for a truncated or malformed record or
  ///   message, or a value the recording format refuses; `.limitExceeded` for more records than
  ///   ``RecordingLimits/maximumFrames``.
  public func importRecording(
    geometryFile: String, annotationFile: String?, limits: RecordingLimits = .default
  ) throws -> Recording {
    let geometry = try Self.readAll(geometryFile)
    let annotation = try annotationFile.map { try Self.readAll($0) }
    return try importRecording(
      geometry: geometry, annotation: annotation,
      geometryName: (geometryFile as NSString).lastPathComponent,
      annotationName: annotationFile.map { ($0 as NSString).lastPathComponent } ?? "",
      limits: limits)
  }

  /// Converts the bytes of the two files (see ``importRecording(geometryFile:annotationFile:limits:)``);
  /// the names are used in errors.
  public func importRecording(
    geometry: [UInt8], annotation: [UInt8]?, geometryName: String = "geometry.pbdata",
    annotationName: String = "annotation.pbdata", limits: RecordingLimits = .default
  ) throws -> Recording {
    var frames: [RecordingFrame] = []
    var offset = 0
    while offset < geometry.count {
      let recordStart = offset
      let record = frames.count
      func fail(_ message: String) -> InputFileError {
        InputFileError(
          .importFormat, "record \(record) (byte \(recordStart)): \(message)", file: geometryName)
      }
      guard frames.count < limits.maximumFrames else {
        throw InputFileError(
          .limitExceeded,
          "more than \(limits.maximumFrames) records, the limit on frames (maximumFrames)",
          file: geometryName)
      }
      guard geometry.count - offset >= 4 else {
        throw fail("the length prefix is truncated: \(geometry.count - offset) of 4 bytes")
      }
      let length = (0..<4).reduce(0) { $0 | Int(geometry[offset + $1]) << (8 * $1) }
      offset += 4
      guard length <= geometry.count - offset else {
        throw fail("the record says \(length) bytes, but \(geometry.count - offset) are left")
      }
      var reader = ProtobufReader(geometry, range: offset..<(offset + length))
      offset += length
      let message: ObjectronMessages.Frame
      do {
        message = try ObjectronMessages.frame(&reader)
      } catch {
        throw fail("ARFrame: \(error.description)")
      }
      do {
        frames.append(try Self.frame(message, previous: frames.last?.timestamp))
      } catch let error as InputFileError {
        throw fail(error.message)
      }
    }
    guard !frames.isEmpty else {
      throw InputFileError(.importFormat, "no ARFrame records", file: geometryName)
    }
    var truth: RecordingTruth?
    if let annotation {
      var reader = ProtobufReader(annotation, range: 0..<annotation.count)
      let objects: [ObjectronMessages.Object]
      do {
        objects = try ObjectronMessages.sequenceObjects(&reader)
      } catch {
        throw InputFileError(.importFormat, "Sequence: \(error.description)", file: annotationName)
      }
      truth = RecordingTruth(
        objects: try objects.enumerated().map { index, object in
          do {
            return try Self.truthObject(object)
          } catch let error as InputFileError {
            throw InputFileError(
              .importFormat, "Sequence.objects[\(index)]: \(error.message)", file: annotationName)
          }
        })
    }
    let header = RecordingHeader(
      vision: vision, viewport: viewport, truth: truth,
      extras: ["source": .object(["importer": .string("objectron")])])
    let recording = Recording(header: header, frames: frames)
    try recording.validate()
    return recording
  }

  static func readAll(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputFileError(.io, "cannot read the file", file: path)
    }
    return [UInt8](data)
  }
}
