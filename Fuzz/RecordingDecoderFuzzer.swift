// libFuzzer target: the recording decoder (JSON and JSON Lines) and the plane-list decoder.
//
// Built by scripts/fuzz.sh together with the SpatialMath, ARSimulation, Placement and
// SceneReplay sources. Every input must either decode or throw an `InputFileError`; a trap, a
// sanitizer report or a decoded recording that does not survive a write/read round trip is a
// finding.
import Foundation
import SceneFormat
import SceneReplay

/// One scratch file per process for the JSON Lines reader, which reads from a path.
private let jsonLinesPath =
  FileManager.default.temporaryDirectory
  .appendingPathComponent("arsim-fuzz-\(ProcessInfo.processInfo.processIdentifier).jsonl").path

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordingDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
  let limits = RecordingLimits(maximumFileBytes: 1 << 20, maximumFrames: 1_000)
  // The JSON form.
  if let recording = try? Recording(jsonBytes: bytes, file: "fuzz.json", limits: limits) {
    exercise(recording)
  }
  // The plane-list form.
  if let value = try? JSONParser.parse(bytes), let list = try? RecordingPlaneList(json: value) {
    for plane in list.planes { _ = try? plane.planeAnchor() }
  }
  // The JSON Lines form, through the streaming reader.
  if FileManager.default.createFile(atPath: jsonLinesPath, contents: Data(bytes)) {
    if var reader = try? RecordingJSONLinesReader(path: jsonLinesPath, limits: limits) {
      while let frame = try? reader.next() {
        _ = try? frame.simulatedCamera()
        _ = try? frame.frameWorld()
      }
    }
  }
  return 0
}

/// Converts every frame to the domain and checks that writing and reading back gives the same
/// recording.
private func exercise(_ recording: Recording) {
  for frame in recording.frames {
    _ = try? frame.simulatedCamera()
    _ = try? frame.frameWorld()
  }
  _ = try? recording.header.vision?.requestSettings()
  _ = try? recording.header.viewport?.simulatedViewport()
  guard let written = try? recording.jsonBytes() else {
    fatalError("a decoded recording does not write")
  }
  guard let reread = try? Recording(jsonBytes: written) else {
    fatalError("a written recording does not read back")
  }
  if reread != recording { fatalError("write/read round trip changed the recording") }
}
