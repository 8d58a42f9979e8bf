// libFuzzer target: one line of `arsim score`'s markers file (`MarkersFileReader`).
//
// Built by scripts/fuzz.sh together with the module sources. Every input must either decode or
// throw an `InputFileError`; a trap or a sanitizer report is a finding. Markers that decode are
// then scored in every frame of the recording named by $ARSIM_FUZZ_REPLAY_SCENE (fuzz.sh sets
// the three-frame sample), which must finish or throw a `HarnessError`, never trap.
import Foundation
import SceneFormat
import SessionSimulation

/// The session every decoded line is scored over, opened once; `nil` without the environment
/// variable or when it cannot be read.
let scoreSession: SimulatedSession? = ProcessInfo.processInfo.environment[
  "ARSIM_FUZZ_REPLAY_SCENE"
].flatMap { try? SimulatedSession(contentsOfFile: $0) }

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkersLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
  let markers: [PlacedMarker]
  do {
    markers = try MarkersFileReader.decodeLine(bytes).markers
  } catch is InputFileError {
    return 0
  } catch {
    fatalError("decoding threw something other than an InputFileError: \(error)")
  }
  if var session = scoreSession {
    do {
      _ = try session.run(PlacementHarness(diagnoses: true)) { _ in markers }
    } catch is HarnessError {
    } catch {
      fatalError("scoring threw something other than a HarnessError: \(error)")
    }
  }
  return 0
}
