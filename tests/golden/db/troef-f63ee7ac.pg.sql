--
-- PostgreSQL database dump
--

\restrict 6LtfgwRdYcjz42tUf5Jb4S1XyMowOuhOsPnzFOiGYxoTML9C29gfoiPgVzWgZ2A

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: alembic_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alembic_version (
    version_num character varying(32) NOT NULL
);


--
-- Name: troef_actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_actions (
    table_id character varying(32) NOT NULL,
    seq integer NOT NULL,
    seat integer NOT NULL,
    action character varying(64) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: troef_seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_seats (
    table_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    kind character varying(16) NOT NULL,
    level character varying(32),
    name character varying(64) NOT NULL,
    open boolean NOT NULL,
    token_hash character varying(64)
);


--
-- Name: troef_tables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_tables (
    id character varying(32) NOT NULL,
    game character varying(32) NOT NULL,
    config json NOT NULL,
    seed bigint NOT NULL,
    first_dealer integer,
    created_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    result json,
    practice boolean DEFAULT false NOT NULL,
    quarantine character varying(500),
    joined_at timestamp with time zone,
    turn_seconds integer,
    owner integer
);


--
-- Name: troef_tournament_corrections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_tournament_corrections (
    id integer NOT NULL,
    tournament_id character varying(32) NOT NULL,
    round integer NOT NULL,
    table_no integer NOT NULL,
    game integer NOT NULL,
    old json NOT NULL,
    new json NOT NULL,
    source character varying(16) NOT NULL,
    note character varying(200) NOT NULL,
    at timestamp with time zone NOT NULL
);


--
-- Name: troef_tournament_corrections_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.troef_tournament_corrections_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: troef_tournament_corrections_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.troef_tournament_corrections_id_seq OWNED BY public.troef_tournament_corrections.id;


--
-- Name: troef_tournament_players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_tournament_players (
    tournament_id character varying(32) NOT NULL,
    number integer NOT NULL,
    name character varying(64) NOT NULL,
    active boolean NOT NULL,
    joined integer NOT NULL
);


--
-- Name: troef_tournament_results; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_tournament_results (
    tournament_id character varying(32) NOT NULL,
    round integer NOT NULL,
    table_no integer NOT NULL,
    game integer NOT NULL,
    points json NOT NULL,
    source character varying(16) NOT NULL,
    entered_at timestamp with time zone NOT NULL
);


--
-- Name: troef_tournament_rounds; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_tournament_rounds (
    tournament_id character varying(32) NOT NULL,
    number integer NOT NULL,
    final boolean NOT NULL,
    tables json NOT NULL,
    byes json NOT NULL,
    online json NOT NULL
);


--
-- Name: troef_tournaments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.troef_tournaments (
    id character varying(32) NOT NULL,
    name character varying(64) NOT NULL,
    game character varying(32) NOT NULL,
    ruleset character varying(32) NOT NULL,
    date character varying(32) NOT NULL,
    place character varying(64) NOT NULL,
    rounds integer NOT NULL,
    games_per_round integer NOT NULL,
    final boolean NOT NULL,
    seed bigint NOT NULL,
    avoid_repeats boolean NOT NULL,
    organiser_hash character varying(64) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    version integer NOT NULL
);


--
-- Name: troef_tournament_corrections id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_corrections ALTER COLUMN id SET DEFAULT nextval('public.troef_tournament_corrections_id_seq'::regclass);


--
-- Data for Name: alembic_version; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alembic_version (version_num) FROM stdin;
0004
\.


--
-- Data for Name: troef_actions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_actions (table_id, seq, seat, action, created_at) FROM stdin;
cVo2-VNm	0	2	trump h	2026-11-28 06:41:27.932432+00
cVo2-VNm	1	3	kraak	2026-11-28 06:41:27.934663+00
cVo2-VNm	2	2	no	2026-11-28 06:41:27.936032+00
cVo2-VNm	3	0	no	2026-11-28 06:41:27.937401+00
cVo2-VNm	4	2	play 9s	2026-11-28 06:41:27.938681+00
cVo2-VNm	5	3	roem 20	2026-11-28 06:41:27.939956+00
cVo2-VNm	6	3	play 7s	2026-11-28 06:41:27.941201+00
cVo2-VNm	7	0	play 10s	2026-11-28 06:41:27.9425+00
cVo2-VNm	8	1	play Js	2026-11-28 06:41:27.943796+00
cVo2-VNm	9	0	play 7d	2026-11-28 06:41:27.94494+00
cVo2-VNm	10	1	stuk	2026-11-28 06:41:27.946867+00
cVo2-VNm	11	1	play Kh	2026-11-28 06:41:27.952182+00
cVo2-VNm	12	2	play 10d	2026-11-28 06:41:27.958338+00
cVo2-VNm	13	3	play Kd	2026-11-28 06:41:27.965783+00
cVo2-VNm	14	1	play 7c	2026-11-28 06:41:27.967107+00
cVo2-VNm	15	2	play 10c	2026-11-28 06:41:27.968518+00
cVo2-VNm	16	3	play Ac	2026-11-28 06:41:27.974363+00
cVo2-VNm	17	0	play 9c	2026-11-28 06:41:27.981361+00
cVo2-VNm	18	3	play Jh	2026-11-28 06:41:27.982716+00
cVo2-VNm	19	0	play As	2026-11-28 06:41:27.983916+00
cVo2-VNm	20	1	play Qh	2026-11-28 06:41:27.985219+00
cVo2-VNm	21	2	play Ad	2026-11-28 06:41:27.98645+00
cVo2-VNm	22	3	play 7h	2026-11-28 06:41:27.987781+00
cVo2-VNm	23	0	play Ks	2026-11-28 06:41:27.989011+00
cVo2-VNm	24	1	play 8h	2026-11-28 06:41:27.990184+00
cVo2-VNm	25	2	play Qd	2026-11-28 06:41:27.99136+00
cVo2-VNm	26	1	play 8s	2026-11-28 06:41:27.992654+00
cVo2-VNm	27	2	play Qs	2026-11-28 06:41:27.993816+00
cVo2-VNm	28	3	play 10h	2026-11-28 06:41:27.995077+00
cVo2-VNm	29	0	play 9d	2026-11-28 06:41:27.996322+00
cVo2-VNm	30	3	play 9h	2026-11-28 06:41:27.997648+00
cVo2-VNm	31	0	play Kc	2026-11-28 06:41:27.998862+00
cVo2-VNm	32	1	play 8c	2026-11-28 06:41:28.00012+00
cVo2-VNm	33	2	play Jc	2026-11-28 06:41:28.001449+00
cVo2-VNm	34	3	play Ah	2026-11-28 06:41:28.002583+00
cVo2-VNm	35	0	play 8d	2026-11-28 06:41:28.00384+00
cVo2-VNm	36	1	play Qc	2026-11-28 06:41:28.00505+00
cVo2-VNm	37	2	play Jd	2026-11-28 06:41:28.006315+00
cVo2-VNm	38	3	trump c	2026-11-28 06:41:28.008071+00
cVo2-VNm	39	0	no	2026-11-28 06:41:28.009334+00
cVo2-VNm	40	2	kraak	2026-11-28 06:41:28.010477+00
cVo2-VNm	41	3	rekraak	2026-11-28 06:41:28.011589+00
cVo2-VNm	42	0	no	2026-11-28 06:41:28.012657+00
cVo2-VNm	43	2	superkraak	2026-11-28 06:41:28.013801+00
cVo2-VNm	44	3	roem 20	2026-11-28 06:41:28.014895+00
cVo2-VNm	45	3	play Ah	2026-11-28 06:41:28.016056+00
cVo2-VNm	46	0	play Jh	2026-11-28 06:41:28.017161+00
cVo2-VNm	47	1	play Qh	2026-11-28 06:41:28.018273+00
cVo2-VNm	48	2	play 7h	2026-11-28 06:41:28.019497+00
cVo2-VNm	49	3	play 8d	2026-11-28 06:41:28.02077+00
cVo2-VNm	50	0	play 7d	2026-11-28 06:41:28.021947+00
cVo2-VNm	51	1	play Jd	2026-11-28 06:41:28.023117+00
cVo2-VNm	52	2	play Qd	2026-11-28 06:41:28.024279+00
cVo2-VNm	53	2	play 8h	2026-11-28 06:41:28.025337+00
cVo2-VNm	54	3	play Qc	2026-11-28 06:41:28.026576+00
cVo2-VNm	55	0	play 9h	2026-11-28 06:41:28.027895+00
cVo2-VNm	56	1	play Ad	2026-11-28 06:41:28.029136+00
cVo2-VNm	57	3	play 7s	2026-11-28 06:41:28.030348+00
cVo2-VNm	58	0	play 9s	2026-11-28 06:41:28.031468+00
cVo2-VNm	59	1	play As	2026-11-28 06:41:28.032735+00
cVo2-VNm	60	2	play Ks	2026-11-28 06:41:28.034028+00
cVo2-VNm	61	1	play Qs	2026-11-28 06:41:28.035243+00
cVo2-VNm	62	2	play 10s	2026-11-28 06:41:28.036302+00
cVo2-VNm	63	3	play Js	2026-11-28 06:41:28.037458+00
cVo2-VNm	64	0	play 8s	2026-11-28 06:41:28.038718+00
cVo2-VNm	65	2	play 9d	2026-11-28 06:41:28.039969+00
cVo2-VNm	66	3	play 10c	2026-11-28 06:41:28.041274+00
cVo2-VNm	67	0	play 10d	2026-11-28 06:41:28.042502+00
cVo2-VNm	68	1	play Kd	2026-11-28 06:41:28.043653+00
cVo2-VNm	69	3	play 8c	2026-11-28 06:41:28.044885+00
cVo2-VNm	70	0	play Kc	2026-11-28 06:41:28.046136+00
cVo2-VNm	71	1	play Jc	2026-11-28 06:41:28.047388+00
cVo2-VNm	72	2	play 10h	2026-11-28 06:41:28.04894+00
cVo2-VNm	73	1	play 7c	2026-11-28 06:41:28.050187+00
cVo2-VNm	74	2	play Kh	2026-11-28 06:41:28.051443+00
cVo2-VNm	75	3	play 9c	2026-11-28 06:41:28.052711+00
cVo2-VNm	76	0	play Ac	2026-11-28 06:41:28.054128+00
cVo2-VNm	77	0	trump c	2026-11-28 06:41:28.055762+00
cVo2-VNm	78	1	no	2026-11-28 06:41:28.281435+00
cVo2-VNm	79	3	no	2026-11-28 06:41:28.312683+00
cVo2-VNm	80	0	play Ks	2026-11-28 06:41:28.336703+00
cVo2-VNm	81	1	roem 20	2026-11-28 06:41:28.340713+00
cVo2-VNm	82	1	play 10s	2026-11-28 06:41:28.350131+00
cVo2-VNm	83	2	play 8c	2026-11-28 06:41:28.361005+00
cVo2-VNm	84	3	play 7s	2026-11-28 06:41:28.396921+00
XFRVNJqF	0	0	trump h	2026-11-28 06:41:28.592784+00
XFRVNJqF	1	0	play 9d	2026-11-28 06:41:28.64302+00
XFRVNJqF	2	1	play Kd	2026-11-28 06:41:28.661117+00
XFRVNJqF	3	2	play 7d	2026-11-28 06:41:28.697894+00
XFRVNJqF	4	3	play Jd	2026-11-28 06:41:28.71308+00
XFRVNJqF	5	1	play Jh	2026-11-28 06:41:28.724956+00
XFRVNJqF	6	2	play 8h	2026-11-28 06:41:28.75293+00
XFRVNJqF	7	3	play 9h	2026-11-28 06:41:28.777004+00
XFRVNJqF	8	0	play 7h	2026-11-28 06:41:28.822453+00
XFRVNJqF	9	1	play Qh	2026-11-28 06:41:28.830216+00
XFRVNJqF	10	2	play Jc	2026-11-28 06:41:28.856965+00
XFRVNJqF	11	3	play Ah	2026-11-28 06:41:28.89704+00
XFRVNJqF	12	0	play 10h	2026-11-28 06:41:28.907777+00
XFRVNJqF	13	3	play 10d	2026-11-28 06:41:28.910372+00
XFRVNJqF	14	0	play Ad	2026-11-28 06:41:28.917608+00
XFRVNJqF	15	1	play Kh	2026-11-28 06:41:28.932981+00
XFRVNJqF	16	2	play Qd	2026-11-28 06:41:28.968816+00
XFRVNJqF	17	1	play Kc	2026-11-28 06:41:29.068198+00
XFRVNJqF	18	2	play 8c	2026-11-28 06:41:29.083536+00
XFRVNJqF	19	3	play Ac	2026-11-28 06:41:29.092997+00
XFRVNJqF	20	0	play 7c	2026-11-28 06:41:29.112696+00
XFRVNJqF	21	3	play 7s	2026-11-28 06:41:29.149739+00
XFRVNJqF	22	0	play 8s	2026-11-28 06:41:29.17703+00
XFRVNJqF	23	1	play Js	2026-11-28 06:41:29.184697+00
XFRVNJqF	24	2	play Qs	2026-11-28 06:41:29.197448+00
XFRVNJqF	25	2	play Qc	2026-11-28 06:41:29.220841+00
XFRVNJqF	26	3	play 10s	2026-11-28 06:41:29.254866+00
XFRVNJqF	27	0	play 9c	2026-11-28 06:41:29.2626+00
XFRVNJqF	28	1	play 10c	2026-11-28 06:41:29.272736+00
XFRVNJqF	29	1	play Ks	2026-11-28 06:41:29.280946+00
XFRVNJqF	30	2	play 9s	2026-11-28 06:41:29.299319+00
XFRVNJqF	31	3	play As	2026-11-28 06:41:29.322771+00
XFRVNJqF	32	0	play 8d	2026-11-28 06:41:29.328761+00
XFRVNJqF	33	1	trump s	2026-11-28 06:41:29.344723+00
XFRVNJqF	34	1	play 8s	2026-11-28 06:41:29.346472+00
XFRVNJqF	35	2	play 9s	2026-11-28 06:41:29.348356+00
XFRVNJqF	36	3	play Qs	2026-11-28 06:41:29.358377+00
XFRVNJqF	37	0	play Js	2026-11-28 06:41:29.368945+00
mRSBQoM9	0	3	trump h	2026-11-28 06:41:29.498737+00
mRSBQoM9	1	0	no	2026-11-28 06:41:29.547729+00
mRSBQoM9	2	2	kraak	2026-11-28 06:41:29.556981+00
mRSBQoM9	3	3	rekraak	2026-11-28 06:41:29.59484+00
mRSBQoM9	4	0	superkraak	2026-11-28 06:41:29.60094+00
mRSBQoM9	5	3	roem 20	2026-11-28 06:41:29.604925+00
mRSBQoM9	6	3	play Kh	2026-11-28 06:41:29.640836+00
mRSBQoM9	7	0	play Jh	2026-11-28 06:41:29.660992+00
mRSBQoM9	8	1	play 9h	2026-11-28 06:41:29.672794+00
mRSBQoM9	9	2	play 8h	2026-11-28 06:41:29.680863+00
mRSBQoM9	10	0	play 7s	2026-11-28 06:41:29.694647+00
mRSBQoM9	11	1	play 8s	2026-11-28 06:41:29.700705+00
mRSBQoM9	12	2	play Qs	2026-11-28 06:41:29.714122+00
mRSBQoM9	13	3	play 10s	2026-11-28 06:41:29.746382+00
mRSBQoM9	14	3	play 8c	2026-11-28 06:41:29.749992+00
mRSBQoM9	15	0	play Qc	2026-11-28 06:41:29.769538+00
mRSBQoM9	16	1	play 10c	2026-11-28 06:41:29.776959+00
mRSBQoM9	17	2	play Jc	2026-11-28 06:41:29.795083+00
mRSBQoM9	18	1	play 8d	2026-11-28 06:41:29.845121+00
mRSBQoM9	19	2	play Qd	2026-11-28 06:41:29.861024+00
mRSBQoM9	20	3	play Ad	2026-11-28 06:41:29.864994+00
mRSBQoM9	21	0	play Jd	2026-11-28 06:41:29.867442+00
mRSBQoM9	22	3	play 7c	2026-11-28 06:41:29.869402+00
mRSBQoM9	23	0	play Ac	2026-11-28 06:41:29.871349+00
mRSBQoM9	24	1	play Kc	2026-11-28 06:41:29.873483+00
mRSBQoM9	25	2	play Kd	2026-11-28 06:41:29.875501+00
mRSBQoM9	26	0	play Ks	2026-11-28 06:41:29.877697+00
mRSBQoM9	27	1	play 9d	2026-11-28 06:41:29.879527+00
mRSBQoM9	28	2	play 10d	2026-11-28 06:41:29.885551+00
mRSBQoM9	29	3	play 9s	2026-11-28 06:41:29.887813+00
mRSBQoM9	30	0	play 10h	2026-11-28 06:41:29.890246+00
mRSBQoM9	31	1	play 9c	2026-11-28 06:41:29.892678+00
mRSBQoM9	32	2	play Ah	2026-11-28 06:41:29.895281+00
mRSBQoM9	33	3	play Qh	2026-11-28 06:41:29.897993+00
mRSBQoM9	34	2	play 7h	2026-11-28 06:41:29.900236+00
mRSBQoM9	35	3	play As	2026-11-28 06:41:29.902537+00
mRSBQoM9	36	0	play Js	2026-11-28 06:41:29.905046+00
mRSBQoM9	37	1	play 7d	2026-11-28 06:41:29.908564+00
mRSBQoM9	38	0	trump c	2026-11-28 06:41:29.916951+00
mRSBQoM9	39	1	kraak	2026-11-28 06:41:29.920915+00
mRSBQoM9	40	0	rekraak	2026-11-28 06:41:29.929624+00
mRSBQoM9	41	1	no	2026-11-28 06:41:29.93763+00
mRSBQoM9	42	3	no	2026-11-28 06:41:29.949011+00
mRSBQoM9	43	0	play As	2026-11-28 06:41:29.977101+00
mRSBQoM9	44	1	play 9s	2026-11-28 06:41:29.992426+00
mRSBQoM9	45	2	play Qs	2026-11-28 06:41:30.045111+00
mRSBQoM9	46	3	play 8s	2026-11-28 06:41:30.072987+00
mRSBQoM9	47	0	play 8d	2026-11-28 06:41:30.092983+00
mRSBQoM9	48	1	play Kd	2026-11-28 06:41:30.112993+00
mRSBQoM9	49	2	play Jd	2026-11-28 06:41:30.124974+00
mRSBQoM9	50	3	play Qd	2026-11-28 06:41:30.130962+00
mRSBQoM9	51	1	play Jc	2026-11-28 06:41:30.147736+00
mRSBQoM9	52	2	play 10c	2026-11-28 06:41:30.156956+00
mRSBQoM9	53	3	play 9c	2026-11-28 06:41:30.177016+00
mRSBQoM9	54	0	play 7c	2026-11-28 06:41:30.204937+00
mRSBQoM9	55	1	play 8c	2026-11-28 06:41:30.220958+00
mRSBQoM9	56	2	play Ac	2026-11-28 06:41:30.252981+00
mRSBQoM9	57	3	play 7d	2026-11-28 06:41:30.284979+00
mRSBQoM9	58	0	play 10s	2026-11-28 06:41:30.296942+00
mRSBQoM9	59	2	play Qc	2026-11-28 06:41:30.302094+00
mRSBQoM9	60	3	play 10h	2026-11-28 06:41:30.323903+00
mRSBQoM9	61	0	play 7s	2026-11-28 06:41:30.333471+00
mRSBQoM9	62	1	play Kc	2026-11-28 06:41:30.350452+00
mRSBQoM9	63	1	play 7h	2026-11-28 06:41:30.376975+00
mRSBQoM9	64	2	play 9h	2026-11-28 06:41:30.400784+00
mRSBQoM9	65	3	play Qh	2026-11-28 06:41:30.406759+00
mRSBQoM9	66	0	play 8h	2026-11-28 06:41:30.42496+00
mRSBQoM9	67	3	play Ah	2026-11-28 06:41:30.438641+00
mRSBQoM9	68	0	play 9d	2026-11-28 06:41:30.441222+00
mRSBQoM9	69	1	play Jh	2026-11-28 06:41:30.443617+00
mRSBQoM9	70	2	play Js	2026-11-28 06:41:30.446073+00
mRSBQoM9	71	3	play Ad	2026-11-28 06:41:30.448414+00
mRSBQoM9	72	0	play 10d	2026-11-28 06:41:30.450647+00
mRSBQoM9	73	1	play Kh	2026-11-28 06:41:30.452966+00
mRSBQoM9	74	2	play Ks	2026-11-28 06:41:30.455202+00
mRSBQoM9	75	1	trump d	2026-11-28 06:41:30.458005+00
mRSBQoM9	76	2	kraak	2026-11-28 06:41:30.459748+00
mRSBQoM9	77	1	rekraak	2026-11-28 06:41:30.461338+00
mRSBQoM9	78	2	superkraak	2026-11-28 06:41:30.463004+00
mRSBQoM9	79	1	play Jc	2026-11-28 06:41:30.464435+00
mRSBQoM9	80	2	play 9c	2026-11-28 06:41:30.468233+00
mRSBQoM9	81	3	play 10s	2026-11-28 06:41:30.470771+00
mRSBQoM9	82	0	roem 20	2026-11-28 06:41:30.473937+00
mRSBQoM9	83	0	play Kc	2026-11-28 06:41:30.488152+00
mRSBQoM9	84	0	play 8s	2026-11-28 06:41:30.522041+00
mRSBQoM9	85	1	play 7s	2026-11-28 06:41:30.587825+00
mRSBQoM9	86	2	play Qs	2026-11-28 06:41:30.617452+00
mRSBQoM9	87	3	play Ks	2026-11-28 06:41:30.63356+00
mRSBQoM9	88	3	play 10d	2026-11-28 06:41:30.641631+00
mRSBQoM9	89	0	play Ad	2026-11-28 06:41:30.653921+00
mRSBQoM9	90	1	play Jd	2026-11-28 06:41:30.657962+00
mRSBQoM9	91	2	play As	2026-11-28 06:41:30.65996+00
mRSBQoM9	92	1	play Ac	2026-11-28 06:41:30.661477+00
mRSBQoM9	93	2	play 10c	2026-11-28 06:41:30.662893+00
mRSBQoM9	94	3	play Qd	2026-11-28 06:41:30.664541+00
mRSBQoM9	95	0	play Qh	2026-11-28 06:41:30.668422+00
mRSBQoM9	96	3	play 7d	2026-11-28 06:41:30.669933+00
mRSBQoM9	97	0	play 8d	2026-11-28 06:41:30.671416+00
mRSBQoM9	98	1	play Kd	2026-11-28 06:41:30.673155+00
mRSBQoM9	99	2	play Jh	2026-11-28 06:41:30.674914+00
mRSBQoM9	100	1	play 7c	2026-11-28 06:41:30.676378+00
mRSBQoM9	101	2	play Qc	2026-11-28 06:41:30.678271+00
mRSBQoM9	102	3	play 9d	2026-11-28 06:41:30.68041+00
mRSBQoM9	103	0	play 7h	2026-11-28 06:41:30.682456+00
mRSBQoM9	104	3	play 10h	2026-11-28 06:41:30.6839+00
mRSBQoM9	105	0	play 9h	2026-11-28 06:41:30.6853+00
mRSBQoM9	106	1	play 8c	2026-11-28 06:41:30.687058+00
mRSBQoM9	107	2	play Kh	2026-11-28 06:41:30.688905+00
mRSBQoM9	108	3	play 9s	2026-11-28 06:41:30.690508+00
mRSBQoM9	109	0	play 8h	2026-11-28 06:41:30.692202+00
mRSBQoM9	110	1	play Js	2026-11-28 06:41:30.693859+00
mRSBQoM9	111	2	play Ah	2026-11-28 06:41:30.695519+00
mRSBQoM9	112	2	trump d	2026-11-28 06:41:30.697622+00
mRSBQoM9	113	3	no	2026-11-28 06:41:30.699228+00
mRSBQoM9	114	1	no	2026-11-28 06:41:30.700699+00
mRSBQoM9	115	2	play 10s	2026-11-28 06:41:30.702073+00
mRSBQoM9	116	3	roem 20	2026-11-28 06:41:30.703355+00
mRSBQoM9	117	3	play 8s	2026-11-28 06:41:30.704389+00
mRSBQoM9	118	0	play Js	2026-11-28 06:41:30.706357+00
mRSBQoM9	119	1	play Ks	2026-11-28 06:41:30.707844+00
mRSBQoM9	120	2	play 9s	2026-11-28 06:41:30.70927+00
mRSBQoM9	121	3	play Qs	2026-11-28 06:41:30.710536+00
mRSBQoM9	122	0	play Ad	2026-11-28 06:41:30.711842+00
mRSBQoM9	123	1	play Jd	2026-11-28 06:41:30.713182+00
mRSBQoM9	124	1	play 9d	2026-11-28 06:41:30.714308+00
mRSBQoM9	125	2	play As	2026-11-28 06:41:30.717569+00
mRSBQoM9	126	3	play Kd	2026-11-28 06:41:30.719131+00
mRSBQoM9	127	0	play 10d	2026-11-28 06:41:30.720684+00
mRSBQoM9	128	1	play 9c	2026-11-28 06:41:30.722152+00
mRSBQoM9	129	2	play Jc	2026-11-28 06:41:30.723599+00
mRSBQoM9	130	3	play 7c	2026-11-28 06:41:30.72506+00
mRSBQoM9	131	0	play 10c	2026-11-28 06:41:30.726513+00
mRSBQoM9	132	0	play 8d	2026-11-28 06:41:30.727942+00
mRSBQoM9	133	1	play 7d	2026-11-28 06:41:30.729558+00
mRSBQoM9	134	2	play Jh	2026-11-28 06:41:30.731176+00
mRSBQoM9	135	3	play Qd	2026-11-28 06:41:30.732817+00
mRSBQoM9	136	3	play 9h	2026-11-28 06:41:30.734068+00
mRSBQoM9	137	0	play 10h	2026-11-28 06:41:30.735733+00
mRSBQoM9	138	1	play Qh	2026-11-28 06:41:30.737431+00
mRSBQoM9	139	2	play Kh	2026-11-28 06:41:30.739247+00
mRSBQoM9	140	0	play 8h	2026-11-28 06:41:30.74146+00
mRSBQoM9	141	1	play Qc	2026-11-28 06:41:30.743116+00
mRSBQoM9	142	2	play Ah	2026-11-28 06:41:30.744738+00
mRSBQoM9	143	3	play 7h	2026-11-28 06:41:30.746763+00
mRSBQoM9	144	2	play 7s	2026-11-28 06:41:30.74832+00
mRSBQoM9	145	3	play Ac	2026-11-28 06:41:30.749997+00
mRSBQoM9	146	0	play 8c	2026-11-28 06:41:30.752039+00
mRSBQoM9	147	1	play Kc	2026-11-28 06:41:30.756017+00
DbRmqbgR	0	0	bid 130	2026-11-28 06:41:31.07244+00
DbRmqbgR	1	1	pass	2026-11-28 06:41:31.074088+00
DbRmqbgR	2	2	pass	2026-11-28 06:41:31.075385+00
DbRmqbgR	3	3	pass	2026-11-28 06:41:31.07655+00
DbRmqbgR	4	0	discard 10c	2026-11-28 06:41:31.077754+00
DbRmqbgR	5	0	discard 7s	2026-11-28 06:41:31.078696+00
DbRmqbgR	6	0	discard Ac	2026-11-28 06:41:31.079568+00
DbRmqbgR	7	0	play Qs	2026-11-28 06:41:31.080479+00
DbRmqbgR	8	1	play 10s	2026-11-28 06:41:31.081476+00
DbRmqbgR	9	2	play Js	2026-11-28 06:41:31.082442+00
DbRmqbgR	10	3	play As	2026-11-28 06:41:31.083389+00
DbRmqbgR	11	1	bid 25	2026-11-28 06:41:31.090167+00
DbRmqbgR	12	2	bid 30	2026-11-28 06:41:31.112076+00
nKinv_Nx	0	1	bid 250	2026-11-28 06:41:31.116376+00
DbRmqbgR	13	3	bid 35	2026-11-28 06:41:31.118814+00
nKinv_Nx	1	2	pass	2026-11-28 06:41:31.119449+00
nKinv_Nx	2	3	pass	2026-11-28 06:41:31.120427+00
nKinv_Nx	3	0	bid 260	2026-11-28 06:41:31.121438+00
nKinv_Nx	4	1	pass	2026-11-28 06:41:31.122445+00
nKinv_Nx	5	0	trump c	2026-11-28 06:41:31.123374+00
nKinv_Nx	6	2	give Kc	2026-11-28 06:41:31.124976+00
nKinv_Nx	7	2	give Jc	2026-11-28 06:41:31.126689+00
nKinv_Nx	8	2	give Jc	2026-11-28 06:41:31.128285+00
nKinv_Nx	9	2	give Ah	2026-11-28 06:41:31.129908+00
nKinv_Nx	10	0	give Ah	2026-11-28 06:41:31.131309+00
nKinv_Nx	11	0	give Ah	2026-11-28 06:41:31.13226+00
nKinv_Nx	12	0	give Qs	2026-11-28 06:41:31.133189+00
nKinv_Nx	13	0	give Ks	2026-11-28 06:41:31.134169+00
nKinv_Nx	14	0	play 10c	2026-11-28 06:41:31.135511+00
nKinv_Nx	15	1	play Ac	2026-11-28 06:41:31.13671+00
nKinv_Nx	16	2	play 9c	2026-11-28 06:41:31.137856+00
nKinv_Nx	17	3	play Qc	2026-11-28 06:41:31.138907+00
nKinv_Nx	18	1	play 9d	2026-11-28 06:41:31.140075+00
nKinv_Nx	19	2	play Qd	2026-11-28 06:41:31.141172+00
nKinv_Nx	20	3	play Ad	2026-11-28 06:41:31.142262+00
nKinv_Nx	21	0	play Kd	2026-11-28 06:41:31.143363+00
nKinv_Nx	22	3	play Ad	2026-11-28 06:41:31.144526+00
nKinv_Nx	23	0	play 9d	2026-11-28 06:41:31.145544+00
nKinv_Nx	24	1	play Kd	2026-11-28 06:41:31.146644+00
nKinv_Nx	25	2	play 10d	2026-11-28 06:41:31.147784+00
nKinv_Nx	26	3	play Jh	2026-11-28 06:41:31.148953+00
nKinv_Nx	27	0	play Qh	2026-11-28 06:41:31.150032+00
nKinv_Nx	28	1	play Kh	2026-11-28 06:41:31.151231+00
nKinv_Nx	29	2	play Ah	2026-11-28 06:41:31.152392+00
nKinv_Nx	30	2	play Ah	2026-11-28 06:41:31.153599+00
nKinv_Nx	31	3	play Kh	2026-11-28 06:41:31.154768+00
nKinv_Nx	32	0	play Kc	2026-11-28 06:41:31.155939+00
nKinv_Nx	33	1	play 9h	2026-11-28 06:41:31.15712+00
nKinv_Nx	34	0	play As	2026-11-28 06:41:31.159145+00
nKinv_Nx	35	1	play Js	2026-11-28 06:41:31.160415+00
nKinv_Nx	36	2	play Ks	2026-11-28 06:41:31.161766+00
nKinv_Nx	37	3	play 9s	2026-11-28 06:41:31.163086+00
nKinv_Nx	38	0	play Ac	2026-11-28 06:41:31.164306+00
nKinv_Nx	39	1	play 9c	2026-11-28 06:41:31.165578+00
nKinv_Nx	40	2	play 10s	2026-11-28 06:41:31.1669+00
nKinv_Nx	41	3	play Jd	2026-11-28 06:41:31.168323+00
nKinv_Nx	42	0	play Ks	2026-11-28 06:41:31.169648+00
nKinv_Nx	43	1	play Qs	2026-11-28 06:41:31.170951+00
nKinv_Nx	44	2	play As	2026-11-28 06:41:31.172209+00
nKinv_Nx	45	3	play Js	2026-11-28 06:41:31.173521+00
nKinv_Nx	46	2	play Jh	2026-11-28 06:41:31.174801+00
nKinv_Nx	47	3	play 10h	2026-11-28 06:41:31.176039+00
nKinv_Nx	48	0	play Kc	2026-11-28 06:41:31.17741+00
nKinv_Nx	49	1	play 9h	2026-11-28 06:41:31.178766+00
nKinv_Nx	50	0	play 10c	2026-11-28 06:41:31.179957+00
nKinv_Nx	51	1	play Qc	2026-11-28 06:41:31.181262+00
nKinv_Nx	52	2	play 9s	2026-11-28 06:41:31.182575+00
nKinv_Nx	53	3	play Jd	2026-11-28 06:41:31.183916+00
nKinv_Nx	54	0	play Jc	2026-11-28 06:41:31.185361+00
nKinv_Nx	55	1	play Qd	2026-11-28 06:41:31.18676+00
nKinv_Nx	56	2	play Qh	2026-11-28 06:41:31.188238+00
nKinv_Nx	57	3	play 10h	2026-11-28 06:41:31.189581+00
nKinv_Nx	58	0	play Jc	2026-11-28 06:41:31.190932+00
nKinv_Nx	59	1	play 10d	2026-11-28 06:41:31.192257+00
nKinv_Nx	60	2	play Qs	2026-11-28 06:41:31.193551+00
nKinv_Nx	61	3	play 10s	2026-11-28 06:41:31.19498+00
nKinv_Nx	62	2	bid 250	2026-11-28 06:41:31.197425+00
nKinv_Nx	63	3	bid 260	2026-11-28 06:41:31.198214+00
\.


--
-- Data for Name: troef_seats; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_seats (table_id, seat, kind, level, name, open, token_hash) FROM stdin;
cVo2-VNm	0	human	\N	Anna	f	783565cf57cde00b96df57ccaaea844e2e881f213e9e98f0448c51410fe8156e
cVo2-VNm	1	bot	heuristic	computer 2	f	\N
cVo2-VNm	2	human	\N	Cor	f	272384ecb1c674ddc6e9cd9113b43aecfce5c388e5d5fef3fb60b2fa04600bb7
cVo2-VNm	3	bot	heuristic	computer 4	f	\N
XFRVNJqF	0	human	\N	Anna	f	7cc3eb3ec7365141f2ca3dd9e6802c84215e2379427fd0d5de98afe066fccfd8
XFRVNJqF	1	human	\N	Bert	f	8bf506f3350d08aba75593d9d5fffc09832199bcd89d37d81c14633572b32bd4
XFRVNJqF	2	human	\N	Cor	f	583e2058f71001dda9e496149f8af70feaa91ef8a4b2e3893ce0cf312046b38b
XFRVNJqF	3	human	\N	Dirk	f	00d66cce1fc2fc06c0c41c3bd6b367f37ade0d624862c743bda088e60a8367b9
mRSBQoM9	0	human	\N	Anna	f	57244092c8cfb5277c5b1631eccf830ef4c0f1f93072e4eff91cb22705ee9349
mRSBQoM9	1	human	\N	Bert	f	410221584f15e83504942b7e76a6d27572cf7d7c3d246d27848b1c7fa4202471
mRSBQoM9	2	human	\N	Cor	f	560c630314034376563b0ebc4c86947de4b9c281473eb7f0e5e7f83fe09a94b2
mRSBQoM9	3	human	\N	Dirk	f	5eaaf08e06b0cbd829d275658e5f873abc432b0f804ebb93f73152baea163f0f
DbRmqbgR	0	human	\N	Anna	f	51a7291d830a92a3695905ea790f0bd0bab52bebca42c919f883d89d18efae51
DbRmqbgR	1	bot	heuristic	computer 2	f	\N
DbRmqbgR	2	bot	heuristic	computer 3	f	\N
DbRmqbgR	3	bot	heuristic	computer 4	f	\N
nKinv_Nx	0	human	\N	Anna	f	e6ed0c03054fa64939f1d3d9459fba8ca42278750e8004f5281f1930834f38a5
nKinv_Nx	1	bot	heuristic	computer 2	f	\N
nKinv_Nx	2	bot	heuristic	computer 3	f	\N
nKinv_Nx	3	bot	heuristic	computer 4	f	\N
\.


--
-- Data for Name: troef_tables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_tables (id, game, config, seed, first_dealer, created_at, finished_at, result, practice, quarantine, joined_at, turn_seconds, owner) FROM stdin;
cVo2-VNm	klaverjas	{"preset": "kraken", "switches": {}, "players": 4}	4141	\N	2026-11-28 06:41:27.901181+00	\N	\N	t	\N	2026-11-28 06:41:27.926567+00	\N	\N
XFRVNJqF	klaverjas	{"preset": "rotterdam", "switches": {"deals": 4}, "players": 4}	4242	\N	2026-11-28 06:41:28.40938+00	\N	\N	t	\N	2026-11-28 06:41:28.48556+00	\N	\N
mRSBQoM9	klaverjas	{"preset": "kraken", "switches": {"deals": 4, "kraak_quota": 1}, "players": 4}	4343	\N	2026-11-28 06:41:29.414684+00	2026-11-28 06:41:30.764396+00	{"winner": 1, "points": [108, 244], "crosses": [16, 8], "scoring": "kraken", "hands": 4, "standing": [{"seat": 0, "side": 0, "points": 108, "crosses": 16, "owed": 0, "won": false}, {"seat": 1, "side": 1, "points": 244, "crosses": 8, "owed": 0, "won": true}, {"seat": 2, "side": 0, "points": 108, "crosses": 16, "owed": 0, "won": false}, {"seat": 3, "side": 1, "points": 244, "crosses": 8, "owed": 0, "won": true}]}	t	\N	2026-11-28 06:41:29.430328+00	\N	\N
DbRmqbgR	bonaken	{"preset": "nk", "switches": {}, "players": 4}	4444	\N	2026-11-28 06:41:31.051423+00	\N	\N	t	\N	2026-11-28 06:41:31.068937+00	\N	\N
nKinv_Nx	binokel	{"preset": "cardgames", "switches": {}, "players": 4}	4545	\N	2026-11-28 06:41:31.108723+00	\N	\N	t	\N	2026-11-28 06:41:31.11748+00	\N	\N
\.


--
-- Data for Name: troef_tournament_corrections; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_tournament_corrections (id, tournament_id, round, table_no, game, old, new, source, note, at) FROM stdin;
\.


--
-- Data for Name: troef_tournament_players; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_tournament_players (tournament_id, number, name, active, joined) FROM stdin;
\.


--
-- Data for Name: troef_tournament_results; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_tournament_results (tournament_id, round, table_no, game, points, source, entered_at) FROM stdin;
\.


--
-- Data for Name: troef_tournament_rounds; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_tournament_rounds (tournament_id, number, final, tables, byes, online) FROM stdin;
\.


--
-- Data for Name: troef_tournaments; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.troef_tournaments (id, name, game, ruleset, date, place, rounds, games_per_round, final, seed, avoid_repeats, organiser_hash, created_at, version) FROM stdin;
\.


--
-- Name: troef_tournament_corrections_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.troef_tournament_corrections_id_seq', 1, false);


--
-- Name: alembic_version alembic_version_pkc; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);


--
-- Name: troef_actions troef_actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_actions
    ADD CONSTRAINT troef_actions_pkey PRIMARY KEY (table_id, seq);


--
-- Name: troef_seats troef_seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_seats
    ADD CONSTRAINT troef_seats_pkey PRIMARY KEY (table_id, seat);


--
-- Name: troef_tables troef_tables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tables
    ADD CONSTRAINT troef_tables_pkey PRIMARY KEY (id);


--
-- Name: troef_tournament_corrections troef_tournament_corrections_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_corrections
    ADD CONSTRAINT troef_tournament_corrections_pkey PRIMARY KEY (id);


--
-- Name: troef_tournament_players troef_tournament_players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_players
    ADD CONSTRAINT troef_tournament_players_pkey PRIMARY KEY (tournament_id, number);


--
-- Name: troef_tournament_results troef_tournament_results_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_results
    ADD CONSTRAINT troef_tournament_results_pkey PRIMARY KEY (tournament_id, round, table_no, game);


--
-- Name: troef_tournament_rounds troef_tournament_rounds_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_rounds
    ADD CONSTRAINT troef_tournament_rounds_pkey PRIMARY KEY (tournament_id, number);


--
-- Name: troef_tournaments troef_tournaments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournaments
    ADD CONSTRAINT troef_tournaments_pkey PRIMARY KEY (id);


--
-- Name: ix_troef_tables_finished_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_troef_tables_finished_at ON public.troef_tables USING btree (finished_at);


--
-- Name: ix_troef_tournament_corrections_tournament_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_troef_tournament_corrections_tournament_id ON public.troef_tournament_corrections USING btree (tournament_id);


--
-- Name: troef_actions troef_actions_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_actions
    ADD CONSTRAINT troef_actions_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.troef_tables(id) ON DELETE CASCADE;


--
-- Name: troef_seats troef_seats_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_seats
    ADD CONSTRAINT troef_seats_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.troef_tables(id) ON DELETE CASCADE;


--
-- Name: troef_tournament_corrections troef_tournament_corrections_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_corrections
    ADD CONSTRAINT troef_tournament_corrections_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.troef_tournaments(id) ON DELETE CASCADE;


--
-- Name: troef_tournament_players troef_tournament_players_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_players
    ADD CONSTRAINT troef_tournament_players_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.troef_tournaments(id) ON DELETE CASCADE;


--
-- Name: troef_tournament_results troef_tournament_results_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_results
    ADD CONSTRAINT troef_tournament_results_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.troef_tournaments(id) ON DELETE CASCADE;


--
-- Name: troef_tournament_rounds troef_tournament_rounds_tournament_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.troef_tournament_rounds
    ADD CONSTRAINT troef_tournament_rounds_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.troef_tournaments(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict 6LtfgwRdYcjz42tUf5Jb4S1XyMowOuhOsPnzFOiGYxoTML9C29gfoiPgVzWgZ2A

