import ARSimulation
import SceneFormat
import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The depth model's state across frames: the truth renderer, the seeded stream, the smoothed
/// map and its clock (see ``DepthModelSpec``).
struct DepthSynthesisState: Sendable {
  let model: DepthModelSpec
  let renderer: TruthDepthRenderer
  var random: SplitMix64
  var lastStep: Int?
  var lastSceneTime: Double?
  var smoothed: [Float]
  var held: [Int]

  init(model: DepthModelSpec, surfaces: [TruthSurface], random: SplitMix64) {
    self.model = model
    renderer = TruthDepthRenderer(surfaces: surfaces)
    self.random = random
    smoothed = [Float](repeating: 0, count: model.width * model.height)
    held = [Int](repeating: 0, count: model.width * model.height)
  }

  /// The raw and smoothed depth of one depth frame seen by the true `camera` at `sceneTime`.
  mutating func frame(camera: Camera, sceneTime: Double) -> (
    raw: RecordingDepth, smoothed: RecordingDepth?
  ) {
    step(
      truth: renderer.render(camera: camera, width: model.width, height: model.height),
      sceneTime: sceneTime)
  }

  /// The raw and smoothed depth of one depth frame from its truth frame.
  mutating func step(truth: TruthDepthRenderer.Frame, sceneTime: Double) -> (
    raw: RecordingDepth, smoothed: RecordingDepth?
  ) {
    let noisy = Self.applyNoise(model, truth: truth, random: &random)
    var smoothedOut: RecordingDepth?
    if model.smoothed {
      let dt = lastSceneTime.map { sceneTime - $0 } ?? .infinity
      let alpha = Float(1 - exp(-dt / model.smoothingTimeSeconds))
      var confidence = noisy.confidence
      for i in smoothed.indices {
        let z = noisy.depth[i]
        if z > 0 {
          let s = smoothed[i]
          smoothed[i] = s > 0 && abs(z - s) <= 0.1 * s ? s + alpha * (z - s) : z
          held[i] = 0
        } else if smoothed[i] > 0, held[i] < model.holdFrames {
          held[i] += 1
          confidence[i] = DepthConfidence.low.rawValue
        } else {
          smoothed[i] = 0
        }
      }
      smoothedOut = RecordingDepth(
        width: model.width, height: model.height, depthMeters: smoothed, confidence: confidence)
    }
    lastSceneTime = sceneTime
    return (
      RecordingDepth(
        width: model.width, height: model.height, depthMeters: noisy.depth,
        confidence: noisy.confidence),
      smoothedOut
    )
  }

  /// The noise model of ``DepthModelSpec`` on a truth frame: three draws per pixel (a normal and
  /// two uniforms), always.
  static func applyNoise(
    _ model: DepthModelSpec, truth: TruthDepthRenderer.Frame, random: inout SplitMix64
  ) -> (depth: [Float], confidence: [UInt8]) {
    let (w, h) = (truth.width, truth.height)
    let maxRange = Float(model.maximumRangeMeters)
    let cosine = { (degrees: Double) in Float(cos(degrees * .pi / 180)) }
    let dropout = cosine(model.dropoutAngleDegrees)
    let lowAngle = cosine(model.lowConfidenceAngleDegrees)
    let mediumAngle = cosine(model.mediumConfidenceAngleDegrees)
    // What the sensor can return at all.
    var returned = truth.depthMeters
    for i in returned.indices
    where returned[i] <= 0 || returned[i] > maxRange || truth.incidenceCosine[i] < dropout {
      returned[i] = 0
    }
    var depth = [Float](repeating: 0, count: w * h)
    var confidence = [UInt8](repeating: DepthConfidence.low.rawValue, count: w * h)
    let threshold = Float(model.edgeRelativeThreshold)
    for row in 0..<h {
      for column in 0..<w {
        let i = row * w + column
        let g = Float(random.nextGaussian())
        let flies = random.nextUnitDouble() < model.flyingPixelProbability
        let u = Float(random.nextUnitDouble())
        let z = returned[i]
        guard z > 0 else { continue }
        var edge = false
        var far = z
        for (dc, dr) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
          let (c, r) = (column + dc, row + dr)
          guard (0..<w).contains(c), (0..<h).contains(r) else { continue }
          let n = returned[r * w + c]
          if n <= 0 {
            edge = true
          } else if abs(n - z) > threshold * z {
            edge = true
            far = max(far, n)
          }
        }
        let c = truth.incidenceCosine[i]
        let sigma = Float(model.noiseAtOneMeterMeters) * z * z / max(c, 0.25)
        var value = edge && flies && far > z ? z + u * (far - z) : z + sigma * g
        if !(value > 0) { value = z }
        depth[i] = min(value, maxRange)
        let level: DepthConfidence =
          if edge || c < lowAngle || Double(z) > model.lowConfidenceRangeMeters {
            .low
          } else if c < mediumAngle || Double(z) > model.mediumConfidenceRangeMeters {
            .medium
          } else {
            .high
          }
        confidence[i] = level.rawValue
      }
    }
    return (depth, confidence)
  }
}

extension SceneSynthesizer {
  /// The scene's true surfaces as a depth sensor sees them: every spec surface (curved panels as
  /// their meshes) and every object's box (`box-<id>`), in spec order.
  static func truthSurfaces(_ spec: SceneSpec) -> [TruthSurface] {
    var out = spec.surfaces.map(\.surface)
    for object in spec.objects {
      guard
        let surface = spec.surfaces.first(where: {
          $0.surface.identifier == object.surfaceIdentifier
        }), let box = object.boxSurface(on: surface)
      else { continue }
      out.append(box)
    }
    return out
  }

  /// Whether the recording's truth carries the surfaces: with a depth model or a curved surface.
  static func writesTruthSurfaces(_ spec: SceneSpec) -> Bool {
    spec.depth != nil || spec.surfaces.contains { $0.curvedPanel != nil }
  }

  /// Adds this frame's depth when a depth frame is due (see ``DepthModelSpec``).
  mutating func addDepth(to frame: inout RecordingFrame, sceneTime: Double, trueCamera: Camera) {
    guard var state = depthState else { return }
    if Self.isDue(sceneTime, rateHz: state.model.rateHz, last: &state.lastStep) {
      let maps = state.frame(camera: trueCamera, sceneTime: sceneTime)
      frame.sceneDepth = maps.raw
      frame.smoothedSceneDepth = maps.smoothed
    }
    depthState = state
  }
}
