// The live list of public rooms, from Colyseus' LobbyRoom.
import { Client, type Room, type RoomAvailable } from 'colyseus.js';
import { WS_URL } from './connection';

export interface PublicRoom {
  roomId: string;
  game: string;
  name: string;
  seated: number;
  seats: number;
  spectators: number;
  host: string;
  options: Record<string, unknown>;
}

export async function watchLobby(onChange: (rooms: PublicRoom[]) => void): Promise<() => void> {
  const rooms = new Map<string, PublicRoom>();
  const from = (r: RoomAvailable<Omit<PublicRoom, 'roomId'>>): PublicRoom =>
    ({ ...r.metadata, roomId: r.roomId }) as PublicRoom;
  const emit = () => onChange([...rooms.values()].filter((r) => r.seated < r.seats));
  let lobby: Room;
  try {
    lobby = await new Client(WS_URL).joinOrCreate('lobby');
  } catch {
    onChange([]);
    return () => undefined;
  }
  lobby.onMessage('rooms', (list: RoomAvailable[]) => {
    rooms.clear();
    for (const r of list) rooms.set(r.roomId, from(r));
    emit();
  });
  lobby.onMessage('+', ([roomId, r]: [string, RoomAvailable]) => {
    rooms.set(roomId, from(r));
    emit();
  });
  lobby.onMessage('-', (roomId: string) => {
    rooms.delete(roomId);
    emit();
  });
  return () => void lobby.leave();
}
