import Foundation
import SceneFormat
import Testing

/// The bad-input corpus (`Tests/Fixtures/bad-inputs/`, made by `scripts/make-bad-inputs.py`): for
/// every file the error it must produce, written by hand from the defect the file carries. Used
/// by the format's tests and, through the replay path, by the replay's.
public enum BadInputCorpus {
  /// `Tests/Fixtures/bad-inputs/`.
  public static let directory = RecordingFixtures.fixturesDirectory("bad-inputs")

  /// One corpus file and the error it must produce.
  public struct Case: CustomTestStringConvertible, Sendable {
    /// The file name in the corpus directory.
    public var file: String
    /// The error kind the file must produce.
    public var kind: InputFileError.Kind
    /// The dotted JSON path; empty for the root (and for text that is not JSON).
    public var jsonPath: String
    /// The 1-based line, checked when given (JSON Lines, and syntax errors).
    public var line: Int? = nil
    /// The frame index the error must report (`frames[i]` prefix of the path, or for a JSON
    /// Lines syntax error the frame whose line is broken).
    public var frame: Int? {
      guard jsonPath.hasPrefix("frames[") else { return nil }
      let digits = jsonPath.dropFirst("frames[".count).prefix(while: \.isNumber)
      return Int(digits)
    }
    /// The file name, as the test runner shows the case.
    public var testDescription: String { file }
  }

  /// One case per corpus file.
  public static let cases: [Case] = [
    // Text that is not JSON: the place is the line (all these files are one line).
    Case(file: "syntax-truncated.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-trailing-comma.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-unterminated-string.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-nan-literal.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-infinity-literal.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-number-overflow.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-duplicate-member.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-empty-file.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-comment.json", kind: .syntax, jsonPath: "", line: 1),
    Case(file: "syntax-invalid-utf8.json", kind: .syntax, jsonPath: "", line: 1),
    // 600 nested arrays: over the default nesting limit of 64, refused by the parser.
    Case(file: "syntax-nested-600-deep.json", kind: .limitExceeded, jsonPath: "", line: 1),
    // Header.
    Case(file: "header-unknown-version.json", kind: .unsupportedVersion, jsonPath: "version"),
    Case(file: "header-unknown-format.json", kind: .unsupportedVersion, jsonPath: "format"),
    Case(file: "header-version-string.json", kind: .typeMismatch, jsonPath: "version"),
    Case(file: "header-frames-object.json", kind: .typeMismatch, jsonPath: "frames"),
    Case(
      file: "header-unknown-vision-orientation.json", kind: .invalidValue,
      jsonPath: "vision.orientation"),
    Case(file: "header-unknown-crop.json", kind: .invalidValue, jsonPath: "vision.cropAndScale"),
    Case(
      file: "header-viewport-zero-width.json", kind: .invalidValue, jsonPath: "viewport.size[0]"),
    Case(file: "header-missing-frames.json", kind: .missingField, jsonPath: ""),
    Case(file: "header-top-level-array.json", kind: .typeMismatch, jsonPath: ""),
    // Frames.
    Case(file: "frame-empty-object.json", kind: .missingField, jsonPath: "frames[1]"),
    Case(file: "frame-frame-is-number.json", kind: .typeMismatch, jsonPath: "frames[1]"),
    Case(
      file: "frame-timestamp-repeated.json", kind: .invalidValue, jsonPath: "frames[1].timestamp"),
    Case(
      file: "frame-timestamp-decreasing.json", kind: .invalidValue, jsonPath: "frames[1].timestamp"),
    Case(file: "frame-timestamp-string.json", kind: .typeMismatch, jsonPath: "frames[1].timestamp"),
    Case(
      file: "frame-unknown-interface-orientation.json", kind: .invalidValue,
      jsonPath: "frames[1].interfaceOrientation"),
    Case(
      file: "frame-display-transform-missing-ty.json", kind: .missingField,
      jsonPath: "frames[1].displayTransform"),
    // Cameras.
    Case(
      file: "camera-focal-zero.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.intrinsics[0]"),
    Case(
      file: "camera-focal-negative.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.intrinsics[4]"),
    Case(
      file: "camera-image-width-zero.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.imageResolution[0]"),
    Case(
      file: "camera-image-height-negative.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.imageResolution[1]"),
    Case(
      file: "camera-transform-singular.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.transform"),
    Case(
      file: "camera-transform-scaled.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.transform"),
    Case(
      file: "camera-transform-reflection.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.transform"),
    Case(
      file: "camera-transform-projective.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.transform"),
    Case(
      file: "camera-transform-15-numbers.json", kind: .typeMismatch,
      jsonPath: "frames[1].camera.transform"),
    Case(
      file: "camera-transform-null-element.json", kind: .typeMismatch,
      jsonPath: "frames[1].camera.transform[5]"),
    // Finite as Double, infinite as Float: refused by the recording's validation, naming the
    // element (the simulation holds these as Float).
    Case(
      file: "camera-intrinsics-float-overflow.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.intrinsics[0]"),
    Case(
      file: "camera-translation-float-overflow.json", kind: .invalidValue,
      jsonPath: "frames[1].camera.transform[12]"),
    // Planes, refused by the recording's own validation.
    Case(
      file: "plane-zero-extent.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].extent.width"),
    Case(
      file: "plane-negative-extent.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].extent.height"),
    Case(
      file: "plane-two-vertices.json", kind: .invalidValue, jsonPath: "frames[1].planes[0].boundary"
    ),
    Case(
      file: "plane-vertex-two-numbers.json", kind: .typeMismatch,
      jsonPath: "frames[1].planes[0].boundary[1]"),
    Case(
      file: "plane-duplicate-identifier.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[1].identifier"),
    Case(
      file: "plane-empty-identifier.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].identifier"),
    Case(
      file: "plane-unknown-alignment.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].alignment"),
    Case(
      file: "plane-unknown-classification.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].classification"),
    // Planes and points that decode but that the domain types refuse (Recording+Domain).
    Case(
      file: "domain-plane-zero-normal.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].transform"),
    Case(
      file: "domain-plane-scaled-transform.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].transform"),
    Case(
      file: "domain-plane-nonconvex-boundary.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].boundary"),
    Case(
      file: "domain-plane-self-intersecting-boundary.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].boundary"),
    Case(
      file: "domain-plane-collinear-boundary.json", kind: .invalidValue,
      jsonPath: "frames[1].planes[0].boundary"),
    Case(
      file: "domain-feature-point-float-overflow.json", kind: .invalidValue,
      jsonPath: "frames[1].featurePoints.points[1][0]"
    ),
    // Detections and feature points.
    Case(
      file: "detection-box-past-right-edge.json", kind: .invalidValue,
      jsonPath: "frames[1].detections[0].boundingBox"),
    Case(
      file: "detection-box-negative-width.json", kind: .invalidValue,
      jsonPath: "frames[1].detections[0].boundingBox[2]"),
    Case(
      file: "detection-box-negative-origin.json", kind: .invalidValue,
      jsonPath: "frames[1].detections[0].boundingBox[1]"),
    Case(
      file: "detection-box-three-numbers.json", kind: .typeMismatch,
      jsonPath: "frames[1].detections[0].boundingBox"),
    Case(
      file: "detection-confidence-above-one.json", kind: .invalidValue,
      jsonPath: "frames[1].detections[0].confidence"),
    Case(
      file: "detection-label-number.json", kind: .typeMismatch,
      jsonPath: "frames[1].detections[0].label"),
    Case(
      file: "points-identifier-count.json", kind: .invalidValue,
      jsonPath: "frames[1].featurePoints.identifiers"),
    Case(
      file: "points-identifier-fraction.json", kind: .invalidValue,
      jsonPath: "frames[1].featurePoints.identifiers[1]"),
    // Plane lists.
    Case(file: "planelist-missing-planes.json", kind: .missingField, jsonPath: ""),
    Case(
      file: "planelist-duplicate-identifier.json", kind: .invalidValue,
      jsonPath: "planes[1].identifier"),
    Case(file: "planelist-two-vertices.json", kind: .invalidValue, jsonPath: "planes[0].boundary"),
    // JSON Lines: line 1 is the header, line 3 is frame 1.
    Case(file: "jsonl-frame-syntax.jsonl", kind: .syntax, jsonPath: "frames[1]", line: 3),
    Case(file: "jsonl-truncated-last-line.jsonl", kind: .syntax, jsonPath: "frames[1]", line: 3),
    Case(
      file: "jsonl-timestamp-repeated.jsonl", kind: .invalidValue, jsonPath: "frames[1].timestamp",
      line: 3),
    Case(
      file: "jsonl-frame-box-outside.jsonl", kind: .invalidValue,
      jsonPath: "frames[1].detections[0].boundingBox",
      line: 3),
    Case(file: "jsonl-header-with-frames.jsonl", kind: .invalidValue, jsonPath: "frames", line: 1),
    Case(file: "jsonl-empty.jsonl", kind: .missingField, jsonPath: "", line: 1),
    Case(
      file: "jsonl-unknown-version.jsonl", kind: .unsupportedVersion, jsonPath: "version", line: 1),
  ]

  /// Reads `path` the way a replay does: decode, then convert every frame and the header to the
  /// domain types, putting `frames[i]` in front of conversion errors.
  public static func load(_ path: String) throws {
    if URL(fileURLWithPath: path).lastPathComponent.hasPrefix("planelist-") {
      let list = try RecordingPlaneList(contentsOfFile: path)
      for (index, plane) in list.planes.enumerated() {
        do { _ = try plane.planeAnchor() } catch let error as InputFileError {
          throw error.prefixed(.index(index)).prefixed(.key("planes")).located(file: path)
        }
      }
      return
    }
    let recording = try Recording(contentsOfFile: path)
    for (index, frame) in recording.frames.enumerated() {
      do {
        _ = try frame.simulatedCamera()
        _ = try frame.frameWorld()
      } catch let error as InputFileError {
        throw error.prefixed(.index(index)).prefixed(.key("frames")).located(file: path)
      }
    }
  }
}
