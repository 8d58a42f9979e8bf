import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

@Suite struct ObjectronImporterTests {
  /// One length-prefixed `ARFrame` record.
  static func record(_ body: (inout ProtobufWriter) -> Void) -> [UInt8] {
    var frame = ProtobufWriter()
    body(&frame)
    let length = UInt32(frame.bytes.count)
    return (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + frame.bytes
  }

  /// A frame whose row-major transform has a translation of (1, 2, 3) and a rotation of 90°
  /// about z, intrinsics row-major, LIMITED (EXCESSIVE_MOTION).
  static let handFrame = record { frame in
    frame.double(1, 12.5)
    frame.message(4) { camera in
      camera.int32(1, 2)
      camera.int32(2, 3)
      camera.packedFloats(3, [0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1])
      camera.int32(5, 1920)
      camera.int32(6, 1440)
      camera.packedFloats(7, [1460, 0, 960, 0, 1450, 720, 0, 0, 1])
      camera.float(15, 7)  // an unknown field, skipped
    }
  }

  /// Row-major on the wire -> column-major in the recording, worked by hand: the first column is
  /// the image of +x, (0, 1, 0); the fourth the translation.
  @Test func transposesRowMajorMatricesAndMapsTrackingState() throws {
    let recording = try ObjectronImporter().importRecording(
      geometry: Self.handFrame, annotation: nil)
    let frame = try #require(recording.frames.first)
    #expect(frame.timestamp == 12.5)
    #expect(frame.camera.transform == [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1])
    #expect(frame.camera.intrinsics == [1460, 0, 0, 0, 1450, 0, 960, 720, 1])
    #expect(frame.camera.imageResolution == Size(width: 1920, height: 1440))
    #expect(frame.camera.trackingState == .limited(.excessiveMotion))
    #expect(recording.header.viewport?.interfaceOrientation == .portrait)
    #expect(recording.header.vision?.orientation == .right)
  }

  @Test func truncatedAndMalformedRecordsNameRecordAndByte() throws {
    let good = Self.handFrame
    let cases: [([UInt8], String)] = [
      (
        good + [0x05, 0x00],
        "geometry.pbdata: record 1 (byte \(good.count)): the length prefix is truncated: 2 of 4 bytes"
      ),
      (
        good + [0x09, 0, 0, 0, 0x09, 1, 2],
        "geometry.pbdata: record 1 (byte \(good.count)): the record says 9 bytes, but 3 are left"
      ),
      (
        good + [0x02, 0, 0, 0, 0x0B, 0x00],
        "geometry.pbdata: record 1 (byte \(good.count)): ARFrame: byte \(good.count + 4): field 1 is a group (wire type 3), which is not supported"
      ),
      (
        Self.record { $0.message(4) { _ in } },
        "geometry.pbdata: record 0 (byte 0): no timestamp (field 1)"
      ),
    ]
    for (bytes, expected) in cases {
      let error = #expect(throws: InputFileError.self) {
        try ObjectronImporter().importRecording(geometry: bytes, annotation: nil)
      }
      #expect(error?.description == expected)
    }
  }

  /// A clip the tests encode on the real ARKit Data Logger poses: cameras back exactly (the
  /// floats' shortest decimals), the plane anchor from unpacked and packed transforms, the box as
  /// a truth object with its rotation kept column-major.
  @Test(
    .enabled(if: RealData.arkit.testsRun, "real data missing and ARSIM_ALLOW_MISSING_REAL_DATA=1"),
    arguments: [false, true])
  func importsAClipOnARealTrajectory(packedPlaneTransform: Bool) throws {
    let clip = try ObjectronClip(
      loggerDirectory: try RealData.arkit.requireDirectory(), maximumFrames: 60,
      packedPlaneTransform: packedPlaneTransform)
    let recording = try ObjectronImporter().importRecording(
      geometry: clip.geometry, annotation: clip.annotation)
    #expect(recording.frames.count == 60)
    for (frame, (rows, time)) in zip(recording.frames, zip(clip.cameraRows, clip.timestamps)) {
      #expect(frame.timestamp == time)
      let transposed = (0..<16).map { Double(rows[($0 % 4) * 4 + $0 / 4]) }
      #expect(zip(frame.camera.transform, transposed).allSatisfy { abs($0 - $1) < 1e-7 })
    }
    let plane = try #require(recording.frames[10].planes.first)
    #expect(plane.identifier == "plane-table")
    #expect(plane.classification == .table)
    #expect(plane.transform[13] == Double(ObjectronClip.planeHeight.description))
    #expect(plane.boundary.count == 4)
    #expect(recording.frames[0].featurePoints?.identifiers == [101, 102, 103])
    let object = try #require(recording.header.truth?.objects.first)
    #expect(object.id == "book-7" && object.label == "book")
    #expect(abs(object.position.x - Double(clip.boxCentre.x)) < 1e-6)
    #expect(object.size == SIMD3(0.2, 0.03, 0.15))
    // Row-major [c 0 s; 0 1 0; -s 0 c] kept column-major: the first column is (c, 0, -s).
    guard case .array(let rotation) = object.extras["rotation"] else {
      Issue.record("rotation missing")
      return
    }
    guard case .number(let c) = rotation[0], case .number(let minusS) = rotation[2] else {
      Issue.record("rotation not numbers")
      return
    }
    #expect(abs(c - cos(30 * Double.pi / 180)) < 1e-6)
    #expect(abs(minusS + sin(30 * Double.pi / 180)) < 1e-6)
  }
}
