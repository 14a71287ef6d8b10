/* sample.h - the sample files encbench-sample writes beside each test's
 * output (PREFIX.sample, see encbench-run(1)), read into CPU and energy records. */
#ifndef EB_SAMPLE_H
#define EB_SAMPLE_H

/* The busiest thread's name rides in the source column of its
 * cpu_top_thread record, after the location: "PATH:LINE thread=z_wr_iss".
 * Names are escaped by the sampler, so they hold no space. analyze/cost.c
 * reads it back with the same tag. */
#define EB_SAMPLE_THREAD_TAG " thread="
/* And the CPUs the machine had online, on average over the test, in the
 * source of its cpu_busy record: "PATH:LINE cpus=2". With it, cpu_busy
 * becomes CPU-seconds (cpu_busy / 100 x cpus x seconds) whatever CPUs
 * came and went, and whatever CPUs the test itself was allowed. */
#define EB_SAMPLE_CPUS_TAG " cpus="

/* When threads were timed in clock ticks (thread_clock ticks: a kernel
 * without schedstat), tests shorter than this many ticks (0.1 s at 100 Hz)
 * give no cpu_top_thread: one tick more or less would move it by 10 %. */
#define EB_SAMPLE_MIN_TICKS 10

#endif
