import ARSimulation
import SceneFormat
import SpatialMath

extension SceneSynthesizer {
  /// The CPU image stream of an ARCore scene: its intrinsics and the maps from the texture
  /// (the spec's device, continuous texels) to the upright CPU image ML Kit sees.
  struct ARCoreImage: Sendable {
    /// The CPU image's intrinsics as the recording stores them.
    let intrinsics: RecordingARCoreIntrinsics
    /// Continuous texture texels -> continuous CPU image pixels.
    let imageFromTexture: AffineTransform2D
    /// CPU image pixels -> upright image pixels (turned clockwise by θ).
    let uprightFromImage: AffineTransform2D
    /// The upright image's size in pixels (the CPU image's, swapped for θ = 90° or 270°).
    let uprightSize: Size
    /// θ in degrees, the `rotationDegrees` of every ML Kit object.
    let rotationDegrees: Int

    /// - Throws: ``InputFileError`` naming `arcore` when the streams cannot be related.
    init(spec: SceneARCoreSpec, device: SceneDeviceSpec) throws {
      let k = device.intrinsics
      let image: ARCore.CameraIntrinsics
      let mapping: ARCore.CoordinateMapping
      do {
        // ARKit's (ox, oy) count pixel centres at integers: ARCore's principal point under the
        // default convention.
        let texture = try ARCore.CameraIntrinsics(
          focalLengthPixels: SIMD2(k.focalLengthXPixels, k.focalLengthYPixels),
          principalPointPixels: SIMD2(k.principalPointPixels.x, k.principalPointPixels.y),
          imageDimensions: device.imageResolution)
        image = try texture.sameSensorStream(
          dimensions: spec.imageSize ?? device.imageResolution,
          sensorAspectRatio: spec.sensorAspectRatio, convention: .pixelCentersAtIntegers)
        let camera = try ARCore.Camera(
          pose: .identity, imageIntrinsics: image, textureIntrinsics: texture,
          sensorOrientationDegrees: spec.sensorOrientation)
        mapping = try ARCore.CoordinateMapping(
          camera: camera,
          displayGeometry: ARCore.DisplayGeometry(
            rotation: spec.displayGeometry.rotation, widthPixels: Int(spec.displayGeometry.width),
            heightPixels: Int(spec.displayGeometry.height)))
      } catch {
        throw InputFileError(.invalidValue, error.description, path: [.key("arcore")])
      }
      // A quarter-turn rotation of a positive size: always invertible.
      guard
        let upright = ARCore.MLKitDetectedObject.imagePixelsFromUpright(
          rotationDegrees: spec.imageRotationQuarterTurns * 90, imageSize: image.imageDimensions
        ).inverted()
      else {
        throw InputFileError(
          .invalidValue, "the CPU image cannot be turned upright", path: [.key("arcore")])
      }
      intrinsics = RecordingARCoreIntrinsics(image)
      imageFromTexture = mapping.transform(from: .textureTexels, to: .imagePixels)
      uprightFromImage = upright
      rotationDegrees = spec.imageRotationQuarterTurns * 90
      uprightSize =
        rotationDegrees % 180 == 0 ? image.imageDimensions : image.imageDimensions.transposed
    }
  }

  /// ML Kit's objects of one frame (see ``SceneARCoreSpec``): the ``DetectorModelSpec`` model in
  /// upright CPU image pixels, in the order of the spec's objects, then a false positive if one
  /// is drawn. Draws exactly what ``detections(camera:geometry:)`` draws per object and frame.
  mutating func mlKitObjects(camera: Camera, image: ARCoreImage) -> [RecordingMLKitObject] {
    let model = spec.detector
    let toUpright = image.imageFromTexture.concatenating(image.uprightFromImage)
    var output: [RecordingMLKitObject] = []
    for entry in objectGeometry {
      let missDraw = detectorRandom.nextUnitDouble()
      let noise = (0..<4).map { _ in detectorRandom.nextGaussian() * model.boxNoisePixels }
      let confusionDraw = detectorRandom.nextUnitDouble()
      let confusionPick = detectorRandom.nextUnitDouble()
      let confidenceDraw = detectorRandom.nextUnitDouble()
      let pixels = entry.corners.compactMap { camera.projectToImagePixels($0) }
      guard pixels.count == entry.corners.count, missDraw >= model.missProbability else { continue }
      let upright = pixels.map { $0.applying(toUpright) }
      let raw = Rect(
        x: upright.map(\.x).min()! + noise[0], y: upright.map(\.y).min()! + noise[2],
        width: upright.map(\.x).max()! + noise[1] - upright.map(\.x).min()! - noise[0],
        height: upright.map(\.y).max()! + noise[3] - upright.map(\.y).min()! - noise[2])
      guard raw.size.width > 0, raw.size.height > 0,
        let box = Self.visiblePixelBox(raw, in: image.uprightSize, model)
      else { continue }
      var label = entry.spec.label
      if confusionDraw < model.labelConfusionProbability, labels.count > 1 {
        let others = labels.filter { $0 != label }
        label = others[min(Int(confusionPick * Double(others.count)), others.count - 1)]
      }
      output.append(
        RecordingMLKitObject(
          boundingBox: box, rotationDegrees: image.rotationDegrees,
          labels: [
            RecordingMLKitObject.Label(
              text: label,
              confidence: Self.confidence(
                model.confidenceMean, model.confidenceSpread, confidenceDraw))
          ]))
    }
    let fpDraw = detectorRandom.nextUnitDouble()
    let fp = (0..<5).map { _ in detectorRandom.nextUnitDouble() }
    if fpDraw < model.falsePositiveProbability, !labels.isEmpty {
      let (w, h) = (image.uprightSize.width, image.uprightSize.height)
      let width = ((0.02 + 0.08 * fp[0]) * w).rounded()
      let height = ((0.02 + 0.08 * fp[1]) * h).rounded()
      let left = (fp[2] * (w - width)).rounded()
      let top = (fp[3] * (h - height)).rounded()
      output.append(
        RecordingMLKitObject(
          boundingBox: [left, top, left + width, top + height],
          rotationDegrees: image.rotationDegrees,
          labels: [
            RecordingMLKitObject.Label(
              text: labels[min(Int(fp[4] * Double(labels.count)), labels.count - 1)],
              confidence: Self.confidence(
                model.confidenceMean - 0.3, model.confidenceSpread, fp[0]))
          ]))
    }
    return output
  }

  /// The box clipped to the upright image and rounded to whole pixels (`[left, top, right,
  /// bottom]`, as Android's `Rect`), or `nil` when less than the model's minimum visible
  /// fraction of it is inside or nothing is left after rounding.
  static func visiblePixelBox(_ raw: Rect, in size: Size, _ model: DetectorModelSpec) -> [Double]? {
    let area = raw.width * raw.height
    guard area > 0,
      let clipped = raw.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height)),
      clipped.width * clipped.height >= model.minimumVisibleFraction * area
    else { return nil }
    let box = [
      clipped.minX.rounded(), clipped.minY.rounded(), clipped.maxX.rounded(),
      clipped.maxY.rounded(),
    ]
    guard box[2] > box[0], box[3] > box[1] else { return nil }
    return box
  }
}
