// libFuzzer target: the replay-settings decoder (`ReplaySettings`, `arsim replay --config`).
//
// Built by scripts/fuzz.sh together with the module sources. Every input must either decode or
// throw an `InputFileError`; a trap or a sanitizer report is a finding. Settings that decode are
// then used: the recording named by $ARSIM_FUZZ_REPLAY_SCENE (fuzz.sh sets the three-frame
// sample) is replayed with them, which must finish or throw an `InputFileError`, never trap.
import Foundation
import SceneFormat
import SceneReplay

/// The recording every decoded settings value is replayed over, read once; `nil` without the
/// environment variable or when it cannot be read.
let replayScene: Recording? = ProcessInfo.processInfo.environment["ARSIM_FUZZ_REPLAY_SCENE"]
  .flatMap { try? Recording(contentsOfFile: $0) }

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplaySettingsDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
  guard let value = try? JSONParser.parse(bytes),
    let settings = try? ReplaySettings(json: value)
  else { return 0 }
  if let replayScene {
    var source = ReplaySource(recording: replayScene)
    do {
      _ = try ReplayEngine(settings: settings, threadCount: 1).run(&source)
    } catch is InputFileError {
    } catch {
      fatalError("replay threw something other than an InputFileError: \(error)")
    }
  }
  return 0
}
