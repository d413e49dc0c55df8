"""What the play layer says, English and Russian: the cluster's errors (the --cluster address, the Dask
connection and its probes, their advice).

Keys ``cluster.*``; play/cluster.py imports this module, which declares the sentences at import.
"""

from __future__ import annotations

from . import messages

messages.add(
    {
        "cluster.connect": (
            "--scheduler {address}: cannot connect to a Dask scheduler there within {timeout:g} s ({error_type}: "
            "{reason}); is `dask scheduler` running, and is the address and port right?",
            "--scheduler {address}: за {timeout:g} с не удалось связаться там с планировщиком Dask ({error_type}: "
            "{reason}); запущен ли `dask scheduler`, верны ли адрес и порт?",
        ),
        "cluster.unreachable": (
            "--scheduler {address}: cannot reach the Dask scheduler there ({reason}); is `dask scheduler` "
            "running, and is the address and port right?",
            "--scheduler {address}: планировщик Dask там недоступен ({reason}); запущен ли `dask scheduler`, "
            "верны ли адрес и порт?",
        ),
        "cluster.closed": (
            "--scheduler {address}: the server there closed the connection without a Dask handshake; it is not a "
            "Dask scheduler (is `dask scheduler` running, and is the address and port right?)",
            "--scheduler {address}: там не планировщик Dask: сервер закрыл соединение, не поздоровавшись "
            "по-дасковски; запущен ли `dask scheduler`, верны ли адрес и порт?",
        ),
        "cluster.silent": (
            "--scheduler {address}: something accepts connections there but sent no Dask handshake within "
            "{timeout:g} s (--connect-timeout); it is not a Dask scheduler, or it is hung. Is `dask scheduler` "
            "running, and is the address and port right?",
            "--scheduler {address}: там не планировщик Dask или он завис: соединение принято, но приветствия Dask "
            "нет {timeout:g} с (--connect-timeout); запущен ли `dask scheduler`, верны ли адрес и порт?",
        ),
        "cluster.failed": (
            "--scheduler {address}: the connection failed ({reason}); is `dask scheduler` running, and is the "
            "address and port right?",
            "--scheduler {address}: соединение оборвалось ({reason}); запущен ли `dask scheduler`, верны ли "
            "адрес и порт?",
        ),
        "cluster.protocol": (
            "--scheduler {address}: the server there answers in another protocol (its first bytes: {shown!r}); "
            "it is not a Dask scheduler (is `dask scheduler` running, and is the address and port right?)",
            "--scheduler {address}: там не планировщик Dask: сервер отвечает по другому протоколу (первые байты: "
            "{shown!r}); запущен ли `dask scheduler`, верны ли адрес и порт?",
        ),
        "cluster.need_dask": (
            "--scheduler and --cluster need Dask, which is not installed: `pip install 'kozel-stats[dask]'`.",
            "--scheduler и --cluster требуют Dask, а он не установлен: `pip install 'kozel-stats[dask]'`.",
        ),
        "cluster.parse_cluster": (
            "--cluster {spec!r}: write local:N, N the number of worker processes (1 to 1024).",
            "--cluster {spec!r}: пишите local:N, где N — число рабочих процессов (от 1 до 1024).",
        ),
        "cluster.check_scheduler": (
            "--scheduler {address!r}: give the scheduler's address, e.g. tcp://10.0.0.5:8786.",
            "--scheduler {address!r}: укажите адрес планировщика Dask, например tcp://10.0.0.5:8786.",
        ),
        "cluster.check_timeout": (
            "--connect-timeout must be from 0.1 to 3600 seconds, not {seconds:g}.",
            "--connect-timeout — от 0,1 до 3600 секунд, а не {seconds:g}.",
        ),
        "cluster.check_backend_options": (
            "give --scheduler or --cluster, not both.",
            "нужен --scheduler или --cluster, но не оба.",
        ),
        "cluster.check_backend_options.2": (
            "--connect-timeout is the time to reach --scheduler: give it with --scheduler.",
            "--connect-timeout — время на связь с --scheduler: укажите его вместе с --scheduler.",
        ),
        "cluster.lost": (
            "the Dask cluster at {address} was lost during the run "
            "({error_type}{detail}; the client is {status}). With --out, the games "
            "of its last checkpoint (every 10 s) are saved there: continue with --resume DIR once the "
            "cluster is back, or on this machine without --scheduler (the same games, the same bits).",
            "кластер Dask по адресу {address} потерян во время прогона "
            "({error_type}{detail}; состояние клиента: `{status}`). С --out партии "
            "его последней контрольной точки (каждые 10 с) сохранены там: продолжите с --resume ПАПКА, "
            "когда кластер вернётся, или на этой машине без --scheduler (те же партии, те же биты).",
        ),
        "cluster.ready": (
            "the Dask worker {worker} runs kozel-stats {version} with engine {digest}, this machine "
            "{mine} with engine {engine}: their games would differ; install the same version on every "
            "worker.",
            "рабочий Dask {worker} запускает kozel-stats {version} с движком {digest}, а эта машина — "
            "{mine} с движком {engine}: партии разошлись бы; поставьте на все рабочие ту же версию.",
        ),
        "cluster.ready.2": (
            "--scheduler {address}: the Dask scheduler has no worker, and none came within {timeout:g} s "
            "(--connect-timeout); start some with `dask worker ADDRESS`.",
            "--scheduler {address}: у планировщика Dask нет ни одного рабочего, и за {timeout:g} с "
            "(--connect-timeout) никто не пришёл; запустите их: `dask worker АДРЕС`.",
        ),
    }
)
