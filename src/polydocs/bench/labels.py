"""The words and number formats of the benchmark section, per page language (English for the others)."""

from __future__ import annotations

_ENGLISH = {
    "not_run": "not run",
    "not_run_note": (
        "Cells marked “not run” or “failed” have no measurement: “not run” means the GPU time was spent "
        "before the configuration started, “failed” that it raised an error or was still compiling when "
        "the time ran out. The detailed table gives each reason."
    ),
    "and": "and",
    "hardware": (
        "Measured by polydocs on {gpus} ({memory} GiB), driver {driver}, CUDA {cuda}, PyTorch {torch}, "
        "Transformers {transformers}, on {date} (revision {git_rev})."
    ),
    "method": (
        "Models are built from their configurations with random weights (speed does not depend on weight "
        "values): vision models in float16, Gemma-2B in bfloat16. Each figure is the median of {repeats} "
        "timed calls after {warmup} warm-up calls, timed with CUDA events; the detailed table gives the "
        "spread (10th to 90th percentile), the compile time (first call) and the peak GPU memory. "
        "max-autotune was planned at batch sizes {autotune_batches} only, because its compiles take minutes."
    ),
    "vision_caption": "Vision models: forward latency in milliseconds (lower is better)",
    "llm_caption": "Gemma-2B architecture, batch size 1",
    "chart_title": "Speedup over eager at batch size {batch} (higher is better)",
    "chart_axis": "\u00d7 faster than eager",
    "details": "All measurements",
    "model": "Model",
    "task": "Task",
    "batch": "Batch size",
    "best": "Best speedup",
    "measurement": "Measurement",
    "mode": "Mode",
    "median": "Median (ms)",
    "spread": "Spread p10\u2013p90 (ms)",
    "compile": "Compile (s)",
    "memory": "Peak memory (MiB)",
    "status": "Status",
    "failed": "failed",
    "ok": "measured",
    "forward_row": "Forward pass, {tokens} tokens: latency (ms)",
    "generate_row": "Generation of {tokens} tokens with a static cache: tokens/s",
    "image-classification": "image classification",
    "object-detection": "object detection",
    "semantic-segmentation": "semantic segmentation",
    "text-generation": "text generation",
    "decimal": ".",
}

_SPANISH = {
    "not_run": "no medido",
    "not_run_note": (
        "Las celdas marcadas «no medido» o «falló» no tienen medición: «no medido» significa que el "
        "tiempo de GPU se agotó antes de empezar la configuración, «falló» que produjo un error o que "
        "seguía compilando cuando se acabó el tiempo. La tabla detallada da el motivo de cada una."
    ),
    "and": "y",
    "hardware": (
        "Medido por polydocs en {gpus} ({memory} GiB), controlador {driver}, CUDA {cuda}, PyTorch {torch}, "
        "Transformers {transformers}, el {date} (revisión {git_rev})."
    ),
    "method": (
        "Los modelos se construyen a partir de su configuración con pesos aleatorios (la velocidad no "
        "depende de los valores de los pesos): los modelos de visión en float16 y Gemma-2B en bfloat16. "
        "Cada cifra es la mediana de {repeats} llamadas cronometradas tras {warmup} llamadas de "
        "calentamiento, medidas con eventos CUDA; la tabla detallada da la dispersión (percentiles 10 a "
        "90), el tiempo de compilación (primera llamada) y la memoria máxima de la GPU. max-autotune se "
        "planificó solo con tamaños de lote {autotune_batches}, porque sus compilaciones tardan minutos."
    ),
    "vision_caption": "Modelos de visión: latencia del paso hacia adelante en milisegundos (menos es mejor)",
    "llm_caption": "Arquitectura Gemma-2B, tamaño de lote 1",
    "chart_title": "Aceleración respecto a eager con tamaño de lote {batch} (más es mejor)",
    "chart_axis": "\u00d7 más rápido que eager",
    "details": "Todas las mediciones",
    "model": "Modelo",
    "task": "Tarea",
    "batch": "Tamaño de lote",
    "best": "Mejor aceleración",
    "measurement": "Medición",
    "mode": "Modo",
    "median": "Mediana (ms)",
    "spread": "Dispersión p10\u2013p90 (ms)",
    "compile": "Compilación (s)",
    "memory": "Memoria máxima (MiB)",
    "status": "Estado",
    "failed": "falló",
    "ok": "medido",
    "forward_row": "Paso hacia adelante, {tokens} tokens: latencia (ms)",
    "generate_row": "Generación de {tokens} tokens con caché estática: tokens/s",
    "image-classification": "clasificación de imágenes",
    "object-detection": "detección de objetos",
    "semantic-segmentation": "segmentación semántica",
    "text-generation": "generación de texto",
    "decimal": ",",
}

_PORTUGUESE = {
    "not_run": "não medido",
    "not_run_note": (
        "As células marcadas “não medido” ou “falhou” não têm medição: “não medido” significa que o "
        "tempo de GPU acabou antes de a configuração começar, “falhou” que ela gerou um erro ou ainda "
        "estava compilando quando o tempo acabou. A tabela detalhada dá o motivo de cada uma."
    ),
    "and": "e",
    "hardware": (
        "Medido pelo polydocs em {gpus} ({memory} GiB), driver {driver}, CUDA {cuda}, PyTorch {torch}, "
        "Transformers {transformers}, em {date} (revisão {git_rev})."
    ),
    "method": (
        "Os modelos são construídos a partir de suas configurações com pesos aleatórios (a velocidade não "
        "depende dos valores dos pesos): modelos de visão em float16 e Gemma-2B em bfloat16. Cada número "
        "é a mediana de {repeats} chamadas cronometradas após {warmup} chamadas de aquecimento, medidas "
        "com eventos CUDA; a tabela detalhada traz a dispersão (percentis 10 a 90), o tempo de compilação "
        "(primeira chamada) e a memória máxima da GPU. O max-autotune foi planejado apenas com tamanhos de "
        "lote {autotune_batches}, porque suas compilações levam minutos."
    ),
    "vision_caption": "Modelos de visão: latência da passagem direta em milissegundos (menor é melhor)",
    "llm_caption": "Arquitetura Gemma-2B, tamanho de lote 1",
    "chart_title": "Aceleração em relação ao eager com tamanho de lote {batch} (maior é melhor)",
    "chart_axis": "\u00d7 mais rápido que eager",
    "details": "Todas as medições",
    "model": "Modelo",
    "task": "Tarefa",
    "batch": "Tamanho do lote",
    "best": "Melhor aceleração",
    "measurement": "Medição",
    "mode": "Modo",
    "median": "Mediana (ms)",
    "spread": "Dispersão p10\u2013p90 (ms)",
    "compile": "Compilação (s)",
    "memory": "Memória máxima (MiB)",
    "status": "Status",
    "failed": "falhou",
    "ok": "medido",
    "forward_row": "Passagem direta, {tokens} tokens: latência (ms)",
    "generate_row": "Geração de {tokens} tokens com cache estático: tokens/s",
    "image-classification": "classificação de imagens",
    "object-detection": "detecção de objetos",
    "semantic-segmentation": "segmentação semântica",
    "text-generation": "geração de texto",
    "decimal": ",",
}

_LABELS = {"en": _ENGLISH, "es": _SPANISH, "pt": _PORTUGUESE}

MODEL_NAMES = {
    "vit-base": "ViT-base",
    "convnext-tiny": "ConvNeXt-tiny",
    "resnet-50": "ResNet-50",
    "detr-resnet-50": "DETR (ResNet-50)",
    "segformer-b0": "SegFormer-B0",
    "gemma-2b": "Gemma-2B",
}


class Labels:
    """The benchmark section's strings and number format for one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in _LABELS else "en"
        self._strings = _LABELS[self.lang]

    def text(self, key: str, **values: object) -> str:
        template = self._strings.get(key) or _ENGLISH[key]
        return template.format(**values)

    def number(self, value: float, digits: int) -> str:
        """`value` with `digits` decimals and this language's decimal separator (no thousands separator)."""
        return f"{value:.{digits}f}".replace(".", self._strings["decimal"])

    def join(self, items: list[str]) -> str:
        """`["1", "4", "64"]` -> "1, 4 and 64" in this language."""
        if len(items) < 2:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.text('and')} {items[-1]}"

    def model(self, name: str) -> str:
        return MODEL_NAMES.get(name, name)


def latency_digits(milliseconds: float) -> int:
    """Decimals shown for a latency: three significant figures or more."""
    if milliseconds < 1:
        return 3
    if milliseconds < 10:
        return 2
    if milliseconds < 100:
        return 1
    return 0
