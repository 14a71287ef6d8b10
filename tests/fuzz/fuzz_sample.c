/* fuzz_sample.c - libFuzzer harness for the encbench-sample file parser. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_format("sample", data, size);
}
