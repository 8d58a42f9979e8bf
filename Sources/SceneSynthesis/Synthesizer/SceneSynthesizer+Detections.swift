import ARSimulation
import SceneFormat
import SpatialMath

extension SceneSynthesizer {
  /// Values the detector draws per object and frame (always all of them, visible or not).
  static let drawsPerObject = 8

  /// The detector's report of one object whose box corners (world metres) are `corners`, or
  /// `nil` when a corner is not in front of the camera or the box is empty. Always draws the
  /// same ``drawsPerObject`` values from `random`, in a fixed order (miss, four edge noises,
  /// label confusion and its pick, confidence), visible or not. `labels` are the labels a
  /// confusion may pick from.
  static func objectReport(
    corners: [SIMD3<Float>], label: String, labels: [String], camera: Camera,
    geometry: VisionGeometry, model: DetectorModelSpec, random: inout SplitMix64
  ) -> DetectorReport? {
    let resolution = camera.imageResolution
    let missDraw = random.nextUnitDouble()
    let noise = (0..<4).map { _ in random.nextGaussian() * model.boxNoisePixels }
    let confusionDraw = random.nextUnitDouble()
    let confusionPick = random.nextUnitDouble()
    let confidenceDraw = random.nextUnitDouble()
    let pixels = corners.compactMap { camera.projectToImagePixels($0) }
    guard pixels.count == corners.count, !pixels.isEmpty else { return nil }
    let minX = pixels.map(\.x).min()! + noise[0]
    let maxX = pixels.map(\.x).max()! + noise[1]
    let minY = pixels.map(\.y).min()! + noise[2]
    let maxY = pixels.map(\.y).max()! + noise[3]
    guard maxX > minX, maxY > minY else { return nil }
    let imageRect = Rect(
      x: minX / resolution.width, y: minY / resolution.height,
      width: (maxX - minX) / resolution.width,
      height: (maxY - minY) / resolution.height)
    var reported = label
    if confusionDraw < model.labelConfusionProbability, labels.count > 1 {
      let others = labels.filter { $0 != label }
      reported = others[min(Int(confusionPick * Double(others.count)), others.count - 1)]
    }
    return DetectorReport(
      visionBox: geometry.visionRect(forImageNormalizedRect: imageRect), label: reported,
      confidence: confidence(model.confidenceMean, model.confidenceSpread, confidenceDraw),
      missed: missDraw < model.missProbability, isFalsePositive: false)
  }

  /// Advances the detector stream as a frame's detection would (used while tracking is lost, so
  /// later frames draw the same values whether or not earlier frames were lost).
  mutating func advanceDetectorStream() {
    for _ in 0..<(objectGeometry.count * Self.drawsPerObject + 6) { _ = detectorRandom.next() }
  }

  /// What the detector makes of one object (or of a false positive) on one frame, before it is
  /// reported: its Vision box (unclipped, relative to the model input), label and confidence, and
  /// whether the detector misses it.
  struct DetectorReport {
    var visionBox: Rect
    var label: String
    var confidence: Double
    var missed: Bool
    var isFalsePositive: Bool
  }

  /// The detector's reports for one frame, projected with the true camera, in the order of the
  /// spec's objects, then a false positive if one is drawn. Objects not wholly in front of the
  /// camera, or with an empty box, give none. Draws the same values as always (see
  /// ``advanceDetectorStream()``).
  mutating func detectorReports(camera: Camera, geometry: VisionGeometry) -> [DetectorReport] {
    var output: [DetectorReport] = []
    for entry in objectGeometry {
      if let report = Self.objectReport(
        corners: entry.corners, label: entry.spec.label, labels: labels, camera: camera,
        geometry: geometry, model: spec.detector, random: &detectorRandom)
      {
        output.append(report)
      }
    }
    let model = spec.detector
    let fpDraw = detectorRandom.nextUnitDouble()
    let fp = (0..<5).map { _ in detectorRandom.nextUnitDouble() }
    if fpDraw < model.falsePositiveProbability, !labels.isEmpty {
      let width = 0.02 + 0.08 * fp[0]
      let height = 0.02 + 0.08 * fp[1]
      let x = Self.rounded(fp[2] * (1 - width))
      let y = Self.rounded(fp[3] * (1 - height))
      // Rounding must not push the box past the unit square.
      let box = Rect(
        x: x, y: y, width: min(Self.rounded(width), 1 - x), height: min(Self.rounded(height), 1 - y)
      )
      output.append(
        DetectorReport(
          visionBox: box, label: labels[min(Int(fp[4] * Double(labels.count)), labels.count - 1)],
          confidence: Self.confidence(model.confidenceMean - 0.3, model.confidenceSpread, fp[0]),
          missed: false, isFalsePositive: true))
    }
    return output
  }

  /// The detections of one frame (see ``DetectorModelSpec``): each report the detector does not
  /// miss whose box is visible enough, clipped and rounded (false positives as drawn).
  mutating func detections(camera: Camera, geometry: VisionGeometry) -> [RecordingDetection] {
    detectorReports(camera: camera, geometry: geometry).compactMap { report in
      guard !report.missed else { return nil }
      let box =
        report.isFalsePositive ? report.visionBox : Self.visibleBox(report.visionBox, spec.detector)
      return box.map {
        RecordingDetection(label: report.label, confidence: report.confidence, boundingBox: $0)
      }
    }
  }

  /// The box clipped to the model input and rounded to 1e-6, or `nil` when less than the model's
  /// minimum visible fraction of it is inside.
  static func visibleBox(_ raw: Rect, _ model: DetectorModelSpec) -> Rect? {
    let box = raw.standardized
    let area = box.width * box.height
    guard area > 0, let clipped = box.intersection(.unit),
      clipped.width * clipped.height >= model.minimumVisibleFraction * area,
      clipped.width > 0, clipped.height > 0
    else { return nil }
    let x = rounded(clipped.minX)
    let y = rounded(clipped.minY)
    let width = min(rounded(clipped.width), 1 - x)
    let height = min(rounded(clipped.height), 1 - y)
    guard width > 0, height > 0 else { return nil }
    return Rect(x: x, y: y, width: width, height: height)
  }

  /// A Vision coordinate rounded to 1e-6 (about 0.0004 model pixels).
  static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

  /// `mean + spread * (2 draw - 1)` clamped to [0.01, 1], rounded to 1e-4.
  static func confidence(_ mean: Double, _ spread: Double, _ draw: Double) -> Double {
    ((min(max(mean + spread * (2 * draw - 1), 0.01), 1)) * 1e4).rounded() / 1e4
  }
}
