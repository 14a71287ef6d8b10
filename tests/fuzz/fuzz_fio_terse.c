/* fuzz_fio_terse.c - libFuzzer harness for the fio-terse parser. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_format("fio-terse", data, size);
}
