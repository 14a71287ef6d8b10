/* sample.h - the sample files encbench-sample writes beside each test's
 * output (PREFIX.sample, see encbench-run(1)), read into CPU and energy records. */
#ifndef EB_SAMPLE_H
#define EB_SAMPLE_H

/* The busiest thread's name rides in the source column of its
 * cpu_top_thread record, after the location: "PATH:LINE thread=z_wr_iss".
 * Names are escaped by the sampler, so they hold no space. analyze/cost.c
 * reads it back with the same tag. */
#define EB_SAMPLE_THREAD_TAG " thread="

/* Tests shorter than this many clock ticks of /proc (0.1 s at 100 Hz) give
 * no cpu_top_thread: one tick more or less would move it by 10 %. */
#define EB_SAMPLE_MIN_TICKS 10

#endif
