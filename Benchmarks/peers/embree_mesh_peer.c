/*
 * Embree 3 peer for the mesh raycast benchmark (development tool, not a test dependency).
 *
 * Reads a scene written by `ARSimBenchmarks mesh-raycast` (little-endian binary):
 *   char magic[8] = "ARSMESH1"; int32 width, height; float fx, fy, pu, pv (continuous principal
 *   point: ARKit's (ox + 0.5, oy + 0.5)); int32 vertexCount, triangleCount;
 *   float xyz[vertexCount][3]; uint32 index[triangleCount][3].
 * Builds one RTC_GEOMETRY_TYPE_TRIANGLE geometry on a one-thread device (rtcCommitScene timed),
 * then times a full pinhole frame from the origin looking along -z with coherent rtcIntersect8,
 * packets of 8 pixels along a row, median over repetitions after a warm-up. The rays are made
 * with the package kernels' float operations (x = (u + 0.5 - pu) * (1/fx), s = 1/sqrt(x²+y²+1),
 * d = (x s, y s, -s); build with -ffp-contract=off) so both sides trace the same bits.
 * Timed region: ray generation, rtcIntersect8, storing t and primID per ray.
 * Build: cc -O2 -ffp-contract=off embree_mesh_peer.c -lembree3 -lm -o embree_mesh_peer
 * Usage: embree_mesh_peer SCENE [repetitions] [high|medium] [OUT]
 *   OUT receives float32 t[width*height] (+inf on a miss) then int32 primID (-1 on a miss).
 */
#include <embree3/rtcore.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "peer_timing.h"


static int32_t width, height;
static float fx, fy, pu, pv;
static float *out_t;
static int32_t *out_index;

static void frame(RTCScene scene) {
  struct RTCIntersectContext ctx;
  rtcInitIntersectContext(&ctx);
  ctx.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
  int valid[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  struct RTCRayHit8 rh __attribute__((aligned(32)));
  const float rfx = 1.0f / fx, rfy = 1.0f / fy;
  for (int v = 0; v < height; v++) {
    for (int u0 = 0; u0 < width; u0 += 8) {
      for (int l = 0; l < 8; l++) {
        float gu = (float)(u0 + l) + 0.5f, gv = (float)v + 0.5f;
        float x = (gu - pu) * rfx, y = (pv - gv) * rfy;
        float s = 1.0f / sqrtf((x * x + y * y) + 1.0f);
        rh.ray.org_x[l] = 0; rh.ray.org_y[l] = 0; rh.ray.org_z[l] = 0;
        rh.ray.dir_x[l] = x * s; rh.ray.dir_y[l] = y * s; rh.ray.dir_z[l] = 0.0f - s;
        rh.ray.tnear[l] = 0; rh.ray.tfar[l] = INFINITY; rh.ray.time[l] = 0;
        rh.ray.mask[l] = 0xFFFFFFFFu; rh.ray.id[l] = 0; rh.ray.flags[l] = 0;
        rh.hit.geomID[l] = RTC_INVALID_GEOMETRY_ID; rh.hit.instID[0][l] = RTC_INVALID_GEOMETRY_ID;
      }
      rtcIntersect8(valid, scene, &ctx, &rh);
      size_t o = (size_t)v * (size_t)width + (size_t)u0;
      for (int l = 0; l < 8; l++) {
        int hit = rh.hit.geomID[l] != RTC_INVALID_GEOMETRY_ID;
        out_t[o + l] = hit ? rh.ray.tfar[l] : INFINITY;
        out_index[o + l] = hit ? (int32_t)rh.hit.primID[l] : -1;
      }
    }
  }
}

static int read_all(FILE *f, void *p, size_t size, size_t n) { return fread(p, size, n, f) == n; }

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: embree_mesh_peer SCENE [repetitions] [high|medium] [OUT]\n");
    return 64;
  }
  int reps = argc > 2 ? atoi(argv[2]) : 7;
  if (reps < 1) reps = 1;
  int high = !(argc > 3 && strcmp(argv[3], "medium") == 0);
  FILE *f = fopen(argv[1], "rb");
  if (!f) { fprintf(stderr, "embree_mesh_peer: cannot open %s\n", argv[1]); return 1; }
  char magic[8];
  int32_t nv = 0, nt = 0;
  if (!read_all(f, magic, 1, 8) || memcmp(magic, "ARSMESH1", 8) != 0 ||
      !read_all(f, &width, 4, 1) || !read_all(f, &height, 4, 1) || !read_all(f, &fx, 4, 1) ||
      !read_all(f, &fy, 4, 1) || !read_all(f, &pu, 4, 1) || !read_all(f, &pv, 4, 1) ||
      !read_all(f, &nv, 4, 1) || !read_all(f, &nt, 4, 1) || width <= 0 || width % 8 != 0 ||
      height <= 0 || nv < 0 || nt < 0) {
    fprintf(stderr, "embree_mesh_peer: %s: bad header\n", argv[1]);
    return 1;
  }
  RTCDevice device = rtcNewDevice("threads=1");
  RTCScene scene = rtcNewScene(device);
  rtcSetSceneBuildQuality(scene, high ? RTC_BUILD_QUALITY_HIGH : RTC_BUILD_QUALITY_MEDIUM);
  RTCGeometry geom = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
  rtcSetGeometryBuildQuality(geom, high ? RTC_BUILD_QUALITY_HIGH : RTC_BUILD_QUALITY_MEDIUM);
  float *vertices = rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                            3 * sizeof(float), (size_t)(nv > 0 ? nv : 1));
  unsigned *tris = rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                           3 * sizeof(unsigned), (size_t)(nt > 0 ? nt : 1));
  if (!read_all(f, vertices, 4, 3 * (size_t)nv) || !read_all(f, tris, 4, 3 * (size_t)nt)) {
    fprintf(stderr, "embree_mesh_peer: %s: truncated\n", argv[1]);
    return 1;
  }
  fclose(f);
  for (size_t i = 0; i < 3 * (size_t)nt; i++)
    if (tris[i] >= (unsigned)nv) {
      fprintf(stderr, "embree_mesh_peer: %s: triangle %zu: index out of range\n", argv[1], i / 3);
      return 1;
    }
  double t0 = now_seconds();
  rtcCommitGeometry(geom);
  rtcAttachGeometry(scene, geom);
  rtcReleaseGeometry(geom);
  rtcCommitScene(scene);
  double build = now_seconds() - t0;

  size_t n = (size_t)width * (size_t)height;
  out_t = malloc(sizeof(float) * n);
  out_index = malloc(sizeof(int32_t) * n);
  double *times = malloc(sizeof(double) * (size_t)reps);
  double first_s = now_seconds();
  frame(scene); /* warm-up */
  double first = now_seconds() - first_s;
  for (int r = 0; r < reps; r++) {
    double s = now_seconds();
    frame(scene);
    times[r] = now_seconds() - s;
  }
  double med = median(times, reps);
  long hits = 0;
  for (size_t i = 0; i < n; i++) hits += out_index[i] >= 0;
  if (argc > 4) {
    FILE *o = fopen(argv[4], "wb");
    if (!o || fwrite(out_t, 4, n, o) != n || fwrite(out_index, 4, n, o) != n || fclose(o) != 0) {
      fprintf(stderr, "embree_mesh_peer: cannot write %s\n", argv[4]);
      return 1;
    }
  }
  printf("{\"peer\": \"embree3 %d.%d.%d\", \"buildQuality\": \"%s\", \"triangles\": %d, "
         "\"rays\": %zu, \"repetitions\": %d, \"commitSceneSeconds\": %.6g, "
         "\"firstFrameSeconds\": %.6g, \"medianSeconds\": %.6g, \"mraysPerSecond\": %.4f, "
         "\"hits\": %ld}\n",
         RTC_VERSION_MAJOR, RTC_VERSION_MINOR, RTC_VERSION_PATCH, high ? "high" : "medium", nt, n,
         reps, build, first, med, (double)n / med / 1e6, hits);
  rtcReleaseScene(scene);
  rtcReleaseDevice(device);
  free(out_t); free(out_index); free(times);
  return 0;
}
