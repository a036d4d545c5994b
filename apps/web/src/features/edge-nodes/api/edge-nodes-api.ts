import {
  EDGE_ADMIN_PATHS,
  ORIGIN_POLICY_PATHS,
  type OriginPolicy,
  type OriginPolicySaveRequest,
  type EdgeGroup,
  type EdgeGroupListRequest,
  type EdgeGroupSaveRequest,
  type EdgeNode,
  type EdgeNodeDetail,
  type EdgeNodeListRequest,
  type EdgeNodeSaved,
  type EdgeNodeSaveRequest,
  type Page,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const edgeKeys = {
  all: ['edge'] as const,
  groups: () => [...edgeKeys.all, 'groups'] as const,
  groupList: (request: EdgeGroupListRequest) => [...edgeKeys.groups(), request] as const,
  nodes: () => [...edgeKeys.all, 'nodes'] as const,
  nodeList: (request: EdgeNodeListRequest) => [...edgeKeys.nodes(), 'list', request] as const,
  nodeInfo: (id: number) => [...edgeKeys.nodes(), 'info', id] as const,
  originPolicy: () => [...edgeKeys.all, 'origin-policy'] as const,
};

export const edgeApi = {
  groupList: (body: EdgeGroupListRequest, signal?: AbortSignal) =>
    api.post<Page<EdgeGroup>>(EDGE_ADMIN_PATHS.groupList, body, signal),
  groupSave: (body: EdgeGroupSaveRequest) => api.post<EdgeGroup>(EDGE_ADMIN_PATHS.groupSave, body),
  /** Refused while nodes or sites use the group; the server's reason is toasted. */
  groupDelete: (id: number) => api.post<undefined>(EDGE_ADMIN_PATHS.groupDelete, { id }),
  nodeList: (body: EdgeNodeListRequest, signal?: AbortSignal) =>
    api.post<Page<EdgeNode>>(EDGE_ADMIN_PATHS.nodeList, body, signal),
  nodeInfo: (id: number, signal?: AbortSignal) =>
    api.get<EdgeNodeDetail>(EDGE_ADMIN_PATHS.nodeInfo, { id }, signal),
  /** Without id it creates the node and answers its token and install command, once. */
  nodeSave: (body: EdgeNodeSaveRequest) => api.post<EdgeNodeSaved>(EDGE_ADMIN_PATHS.nodeSave, body),
  nodeDelete: (id: number) => api.post<undefined>(EDGE_ADMIN_PATHS.nodeDelete, { id }),
  /** A new token; the old one stops working at once. */
  nodeToken: (id: number) => api.post<EdgeNodeSaved>(EDGE_ADMIN_PATHS.nodeToken, { id }),
  originPolicy: (signal?: AbortSignal) => api.post<OriginPolicy>(ORIGIN_POLICY_PATHS.info, {}, signal),
  originPolicySave: (body: OriginPolicySaveRequest) => api.post<OriginPolicy>(ORIGIN_POLICY_PATHS.save, body),
};
