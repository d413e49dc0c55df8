"""The words of the tool: the message table (every sentence in English and Russian), the language rule, the system's
and the libraries' words in Russian, and the error type that carries a sentence. The bottom layer: imports nothing
else of the package."""
