/* fuzz_bonnie_text.c - libFuzzer harness for the bonnie++ table parser (which
 * reads CSV lines too, and pairs them with tables). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_format("bonnie-text", data, size);
}
