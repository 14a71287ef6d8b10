/* cpu.c - how many CPUs this process may run on, which is how many threads
 * ingest, charts and the report's drawing share their work among. */
#include <sched.h>

#include "eb.h"

int
eb_cpu_count(void)
{
	cpu_set_t cpus;

	if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) > 0)
		return CPU_COUNT(&cpus);
	return 1;
}
