<?php
/*
 * Drives the real platform's official PHP SDK (piggy/piggy-php-sdk) for test/php/sdk.test.ts.
 * The SDK is not part of this repository: its folder (and marc-mabe/php-enum's) is found in the
 * directory named by SHARED_CLIENTS_DIR (argument 1). Guzzle comes from Debian's php-guzzlehttp-*.
 *
 * One JSON request per line on stdin, one JSON answer per line on stdout:
 *   {"new": "RegisterClient", "args": [...]}                 → a client object
 *   {"on": <ref>, "property": "contacts", "method": "get", "args": [...]}
 *                                                            → $objects[ref]->contacts->get(...args)
 * Arguments are JSON values; {"$ref": n} is an object of an earlier answer, {"$date": "<ATOM>"} a
 * DateTime. An answer is {"ok": true, "value": …, "ref": n} or {"ok": false, "error": {class,
 * message, code, status, errors}}, both with the PHP warnings the call raised. A value is the
 * object as an integrator sees it: every public getter (get*, is*, has*) called, recursively.
 */

declare(strict_types=1);

$clients = rtrim($argv[1] ?? '', '/');
if (!is_dir("$clients/piggy-php-sdk/src") || !is_dir("$clients/php-enum/src")) {
    fwrite(STDERR, "no piggy-php-sdk/src and php-enum/src in '$clients'\n");
    exit(2);
}
require_once '/usr/share/php/GuzzleHttp/autoload.php';
$prefixes = ['Piggy\\Api\\' => "$clients/piggy-php-sdk/src/", 'MabeEnum\\' => "$clients/php-enum/src/"];
spl_autoload_register(function (string $class) use ($prefixes): void {
    foreach ($prefixes as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require_once $file;
            }
            return;
        }
    }
});
require_once "$clients/piggy-php-sdk/src/helpers.php";

$warnings = [];
set_error_handler(function (int $level, string $message, string $file, int $line) use (&$warnings): bool {
    // Deprecations are the SDK's own business with this PHP version, not the service's.
    if ($level === E_DEPRECATED || $level === E_USER_DEPRECATED) {
        return true;
    }
    $warnings[] = "$message at " . basename($file) . ":$line";
    return true;
});

/** @var array<int, object> $objects */
$objects = [];

function keep(object $object): int
{
    global $objects;
    $objects[] = $object;
    return array_key_last($objects);
}

function argument(mixed $value): mixed
{
    global $objects;
    if (is_array($value) && array_key_exists('$ref', $value)) {
        return $objects[$value['$ref']];
    }
    if (is_array($value) && array_key_exists('$date', $value)) {
        return new DateTime($value['$date']);
    }
    return is_array($value) ? array_map('argument', $value) : $value;
}

/** What an integrator reads from a value: objects through their public getters. */
function describe(mixed $value, int $depth = 0): mixed
{
    if ($depth > 8) {
        return '…';
    }
    if ($value instanceof DateTimeInterface) {
        return $value->format(DATE_ATOM);
    }
    if ($value instanceof UnitEnum) {
        return $value instanceof BackedEnum ? $value->value : $value->name;
    }
    if ($value instanceof stdClass) {
        $value = (array) $value;
    }
    if (is_array($value)) {
        return array_map(fn ($item) => describe($item, $depth + 1), $value);
    }
    if (!is_object($value)) {
        return $value;
    }
    $out = ['$class' => (new ReflectionClass($value))->getShortName()];
    foreach ((new ReflectionClass($value))->getMethods(ReflectionMethod::IS_PUBLIC) as $method) {
        $name = $method->getName();
        if ($method->isStatic() || $method->getNumberOfRequiredParameters() > 0
            || !preg_match('/^(get|is|has)[A-Z]/', $name)) {
            continue;
        }
        try {
            $out[$name] = describe($value->$name(), $depth + 1);
        } catch (Throwable $e) {
            $out[$name] = ['$threw' => get_class($e) . ': ' . $e->getMessage()];
        }
    }
    return $out;
}

function failure(Throwable $e): array
{
    $error = ['class' => (new ReflectionClass($e))->getShortName(), 'message' => $e->getMessage(), 'code' => $e->getCode()];
    if ($e instanceof Piggy\Api\Exceptions\PiggyRequestException) {
        $error['status'] = $e->getStatusCode();
        $bag = $e->getErrorBag();
        $error['errors'] = null;
        foreach ($bag === null ? [] : $bag->all() as $item) {
            $error['errors'][$item->getKey()] = $item->getErrors();
        }
    } else {
        $error['at'] = basename($e->getFile()) . ':' . $e->getLine();
    }
    return $error;
}

while (($line = fgets(STDIN)) !== false) {
    $request = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    $warnings = [];
    try {
        $args = argument($request['args'] ?? []);
        if (isset($request['new'])) {
            $class = 'Piggy\\Api\\' . $request['new'];
            $result = new $class(...$args);
        } else {
            $target = $objects[$request['on']];
            if (isset($request['property'])) {
                $target = $target->{$request['property']};
            }
            $result = $target->{$request['method']}(...$args);
        }
        // A client is not described: its getters include getAccessToken(), a request.
        $answer = ['ok' => true, 'value' => isset($request['new']) ? $request['new'] : describe($result)];
        if (is_object($result)) {
            $answer['ref'] = keep($result);
        }
    } catch (Throwable $e) {
        $answer = ['ok' => false, 'error' => failure($e)];
    }
    $answer['warnings'] = $warnings;
    echo json_encode($answer, JSON_UNESCAPED_SLASHES | JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
